package io.tenantscreening.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.notices.CreditScoreDisclosure;
import io.tenantscreening.reports.Report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The credit score an adverse action notice discloses (FCRA section 615(a)(2)), from the
 * report's credit check: none when the report has no credit check or its file was too thin
 * to score. Everything is read from the check's details exactly as the provider supplied it
 * (the score, its model and the model's range, the key factors in the model's order, the
 * day the score was made, who supplied the score and the file); nothing is derived or
 * filled in, so a member the provider did not supply stays null and the notice says so.
 */
final class CreditDisclosure {

    private static final String CREDIT = "credit";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CreditDisclosure() {
    }

    /** The disclosure of the report's credit score; null when it has none. */
    static CreditScoreDisclosure of(Report report) {
        Report.CheckResult credit = report.checks().stream().filter(check -> check.type().equals(CREDIT)).findFirst().orElse(null);
        if (credit == null) {
            return null;
        }
        JsonNode details = read(credit.details());
        if (!details.path("score").isInt()) {
            return null;
        }
        JsonNode range = details.path("score_range");
        return new CreditScoreDisclosure(details.get("score").asInt(), details.path("score_model").asText(),
                range.isObject() ? new CreditScoreDisclosure.Range(range.get("min").asInt(), range.get("max").asInt()) : null,
                factors(details.path("score_factors")),
                details.path("score_date").isTextual() ? LocalDate.parse(details.get("score_date").asText()) : null,
                source(details.path("score_source")), source(details.path("file_source")));
    }

    private static List<CreditScoreDisclosure.Factor> factors(JsonNode factors) {
        if (!factors.isArray()) {
            return null;
        }
        List<CreditScoreDisclosure.Factor> read = new ArrayList<>();
        factors.forEach(factor -> read.add(new CreditScoreDisclosure.Factor(factor.path("code").asText(),
                factor.path("description").asText(), factor.path("inquiries").asBoolean())));
        return List.copyOf(read);
    }

    private static CreditScoreDisclosure.Source source(JsonNode source) {
        return source.isObject() ? new CreditScoreDisclosure.Source(source.path("name").asText(), text(source.path("address")),
                text(source.path("phone"))) : null;
    }

    private static String text(JsonNode value) {
        return value.isTextual() ? value.asText() : null;
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
