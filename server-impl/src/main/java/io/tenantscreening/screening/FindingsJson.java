package io.tenantscreening.screening;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tenantscreening.reports.LeftOutJson;
import io.tenantscreening.reports.Report;

import java.io.UncheckedIOException;
import java.util.List;

/**
 * Findings as stored and reported: the JSON of the report's {@code details}, snake_case,
 * dates as ISO dates; and read back into findings of their check type. Reading passes over
 * members it does not know, since stored findings outlive releases.
 */
final class FindingsJson {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private FindingsJson() {
    }

    static String write(Findings findings) {
        try {
            return JSON.writeValueAsString(findings);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String write(Findings.CourtRecord record) {
        try {
            return JSON.writeValueAsString(record);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A report's check in the shape of the API's report check. */
    static String write(Report.CheckResult check) {
        try {
            ObjectNode stored = JSON.createObjectNode().put("type", check.type()).put("provider", check.provider())
                    .put("status", "complete").put("result", check.consider() ? "consider" : "clear");
            stored.set("details", JSON.readTree(check.details()));
            stored.put("findings_deleted", check.findingsDeleted());
            stored.set("consumer_statements", JSON.valueToTree(check.statements()));
            stored.set("records_left_out", LeftOutJson.tree(check.leftOut()));
            return stored.toString();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The findings in the details of a check written by {@link #write(Report.CheckResult)}. */
    static Findings readDetails(CheckType check, String json) {
        try {
            return read(check, JSON.readTree(json).get("details").toString());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Findings.CourtRecord readRecord(String json) {
        try {
            return JSON.readValue(json, Findings.CourtRecord.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Certifications as stored beside a check's findings (never in its details). */
    static String write(List<Certification> certified) {
        try {
            return JSON.writeValueAsString(certified);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Certification> readCertifications(String json) {
        try {
            return List.of(JSON.readValue(json, Certification[].class));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Findings read(CheckType check, String json) {
        Class<? extends Findings> kind = switch (check) {
            case CREDIT -> Findings.CreditFile.class;
            case EVICTION, CRIMINAL -> Findings.CourtRecords.class;
            case IDENTITY_VERIFICATION -> Findings.IdentityFindings.class;
            case INCOME_VERIFICATION -> Findings.IncomeFindings.class;
        };
        try {
            return JSON.readValue(json, kind);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
