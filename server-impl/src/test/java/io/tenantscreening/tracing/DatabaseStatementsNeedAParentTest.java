package io.tenantscreening.tracing;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A database statement's span without a parent is dropped; every other span is left to the configured sampler. */
class DatabaseStatementsNeedAParentTest {

    private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
    private static final Attributes STATEMENT = Attributes.builder().put("db.system", "postgresql")
            .put("db.statement", "SELECT id FROM orders WHERE id = ?").build();
    private static final Attributes STATEMENT_NEWER_CONVENTIONS = Attributes.builder().put("db.system.name", "postgresql").build();
    private static final Context SAMPLED_PARENT = Context.root().with(Span.wrap(
            SpanContext.createFromRemoteParent(TRACE, "b7ad6b7169203331", TraceFlags.getSampled(), TraceState.getDefault())));

    private final Sampler sampler = new DatabaseStatementsNeedAParent(Sampler.parentBased(Sampler.alwaysOn()));

    @Test
    void aStatementWithoutAParentIsDropped() {
        assertThat(decision(Context.root(), SpanKind.CLIENT, STATEMENT)).isEqualTo(SamplingDecision.DROP);
        assertThat(decision(Context.root(), SpanKind.CLIENT, STATEMENT_NEWER_CONVENTIONS)).isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void aStatementWithAParentIsLeftToTheConfiguredSampler() {
        assertThat(decision(SAMPLED_PARENT, SpanKind.CLIENT, STATEMENT)).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
        assertThat(new DatabaseStatementsNeedAParent(Sampler.alwaysOff()).shouldSample(SAMPLED_PARENT, TRACE, "SELECT screening.orders",
                SpanKind.CLIENT, STATEMENT, List.of()).getDecision()).isEqualTo(SamplingDecision.DROP);
    }

    @Test
    void otherSpansWithoutAParentAreLeftToTheConfiguredSampler() {
        assertThat(decision(Context.root(), SpanKind.SERVER, Attributes.empty())).isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
        assertThat(decision(Context.root(), SpanKind.CLIENT, Attributes.builder().put("screening.provider", "test").build()))
                .isEqualTo(SamplingDecision.RECORD_AND_SAMPLE);
    }

    private SamplingDecision decision(Context parent, SpanKind kind, Attributes attributes) {
        return sampler.shouldSample(parent, TRACE, "a span", kind, attributes, List.of()).getDecision();
    }
}
