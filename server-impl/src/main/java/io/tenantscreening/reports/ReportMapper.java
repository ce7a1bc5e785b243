package io.tenantscreening.reports;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.CheckRestriction;
import io.tenantscreening.api.model.ConsumerStatement;
import io.tenantscreening.api.model.LawCitation;
import io.tenantscreening.api.model.RecommendationReason;
import io.tenantscreening.api.model.RecordsLeftOutByRule;
import io.tenantscreening.api.model.ReportCheck;
import io.tenantscreening.api.model.ReportCheckDetails;
import io.tenantscreening.common.Mode;
import io.tenantscreening.policies.Recommendation;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/** A report as the API shows it: the generated model, and its JSON (the object of report.* events). */
@Singleton
public class ReportMapper {

    /** A check that ran exists in a report only once it is complete. */
    private static final String COMPLETE = "complete";
    /** The result of a check that was not run. */
    private static final String UNAVAILABLE = "unavailable";

    private final JsonMapper json;

    public ReportMapper(JsonMapper json) {
        this.json = json;
    }

    public io.tenantscreening.api.model.Report toApi(Report report) {
        return new io.tenantscreening.api.model.Report()
                .id(report.id())
                .liveMode(report.mode() == Mode.LIVE)
                .orderId(report.orderId())
                .version(report.version())
                .provider(report.provider())
                .status(report.status().value())
                .result(result(report.consider()))
                .recommendation(recommendation(report.recommendation()))
                .createdAt(report.createdAt())
                .completedAt(report.completedAt())
                .checks(report.checks().stream().map(this::check).toList());
    }

    public String json(Report report) {
        try {
            return json.writeValueAsString(toApi(report));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static io.tenantscreening.api.model.Recommendation recommendation(Recommendation recommendation) {
        if (recommendation == null) {
            return null;
        }
        return new io.tenantscreening.api.model.Recommendation()
                .decision(recommendation.decision().value())
                .policyId(recommendation.policyId())
                .reasons(recommendation.reasons().stream().map(reason -> new RecommendationReason()
                        .code(reason.code().value())
                        .check(reason.check())
                        .detail(reason.detail())).toList());
    }

    private static ConsumerStatement statement(Report.Statement statement) {
        return new ConsumerStatement().text(statement.text()).filedAt(statement.filedAt()).records(statement.records());
    }

    private static CheckRestriction restriction(Report.Restriction restriction) {
        return new CheckRestriction()
                .reason(restriction.reason().value())
                .description(restriction.description())
                .citations(restriction.citations().stream().map(citation -> new LawCitation().place(citation.place())
                        .section(citation.section())).toList());
    }

    private static String result(boolean consider) {
        return consider ? "consider" : "clear";
    }

    private ReportCheck check(Report.CheckResult check) {
        try {
            return new ReportCheck()
                    .type(check.type())
                    .provider(check.provider())
                    .status(check.restriction() == null ? COMPLETE : check.restriction().reason().checkStatus())
                    .result(check.restriction() == null ? result(check.consider()) : UNAVAILABLE)
                    .details(json.readValue(check.details(), ReportCheckDetails.class))
                    .findingsDeleted(check.findingsDeleted())
                    .consumerStatements(check.statements().stream().map(ReportMapper::statement).toList())
                    .recordsLeftOut(check.leftOut().stream().map(rule -> new RecordsLeftOutByRule().place(rule.rule().place())
                            .section(rule.rule().section()).records(rule.records())).toList())
                    .restriction(check.restriction() == null ? null : restriction(check.restriction()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
