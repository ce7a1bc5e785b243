package io.tenantscreening.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

import java.util.List;

/**
 * The configured sampler (OTEL_TRACES_SAMPLER), except that a database statement's span with
 * no parent is dropped: statements that run outside any request or work span (db-scheduler
 * polling for due work every second, its heartbeats, the migrations at start) would
 * otherwise each start a trace of their own. A database statement's span is a client span
 * with {@code db.system} (or {@code db.system.name}, under the newer semantic conventions).
 */
final class DatabaseStatementsNeedAParent implements Sampler {

    private static final AttributeKey<String> DB_SYSTEM = AttributeKey.stringKey("db.system");
    private static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");

    private final Sampler configured;

    DatabaseStatementsNeedAParent(Sampler configured) {
        this.configured = configured;
    }

    @Override
    public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
                                       Attributes attributes, List<LinkData> parentLinks) {
        if (spanKind == SpanKind.CLIENT && !Span.fromContext(parentContext).getSpanContext().isValid()
                && (attributes.get(DB_SYSTEM) != null || attributes.get(DB_SYSTEM_NAME) != null)) {
            return SamplingResult.drop();
        }
        return configured.shouldSample(parentContext, traceId, name, spanKind, attributes, parentLinks);
    }

    @Override
    public String getDescription() {
        return "DatabaseStatementsNeedAParent{" + configured.getDescription() + "}";
    }
}
