package io.tenantscreening.disputes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.Findings;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the reinvestigation of a dispute did for each of its items, as the consumer may ask to
 * be told (FCRA section 611(a)(6)(B)(iii) and (a)(7)): the provider the service asked to verify
 * it again (the one that reported the check), and the furnisher of the information that
 * provider contacted, with the business name and address and the telephone number the provider
 * gave (none when it named no furnisher, did not answer before the period ended, or another
 * dispute's resolution removed the item). An item another dispute reinvestigated for both
 * (a shared item) has that dispute's step.
 */
final class DisputeProcedure {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DisputeProcedure() {
    }

    /**
     * One item's reinvestigation: the provider asked and the furnisher it contacted (null when
     * none was named); {@code removed} when another dispute's resolution removed the item from
     * the report before this reinvestigation decided it.
     */
    record Step(String provider, Findings.Source furnisher, boolean removed) {

        /** The step of an item this reinvestigation, or the one of another dispute naming it too, decided. */
        Step(String provider, Findings.Source furnisher) {
            this(provider, furnisher, false);
        }
    }

    /**
     * The steps of a dispute before any verdict, in the order of its items: the provider of each
     * item's check in the report it disputes, no furnisher yet.
     */
    static List<Step> unanswered(Report report, Dispute dispute) {
        List<Step> steps = new ArrayList<>();
        for (Dispute.Item item : dispute.items()) {
            String provider = report.checks().stream().filter(result -> result.type().equals(item.check().value())).findFirst()
                    .map(Report.CheckResult::provider).orElseThrow();
            steps.add(new Step(provider, null));
        }
        return steps;
    }

    static String json(List<Step> steps) {
        ArrayNode array = JSON.createArrayNode();
        for (Step step : steps) {
            ObjectNode stored = array.addObject().put("provider", step.provider());
            if (step.removed()) {
                stored.put("removed", true);
            }
            if (step.furnisher() == null) {
                stored.putNull("furnisher");
            } else {
                stored.putObject("furnisher").put("name", step.furnisher().name()).put("address", step.furnisher().address())
                        .put("phone", step.furnisher().phone());
            }
        }
        return array.toString();
    }

    static List<Step> read(String json) {
        try {
            List<Step> steps = new ArrayList<>();
            for (JsonNode step : JSON.readTree(json)) {
                JsonNode furnisher = step.get("furnisher");
                steps.add(new Step(step.get("provider").asText(), furnisher == null || furnisher.isNull() ? null
                        : new Findings.Source(text(furnisher, "name"), text(furnisher, "address"), text(furnisher, "phone")),
                        step.path("removed").asBoolean(false)));
            }
            return steps;
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(JsonNode node, String member) {
        JsonNode value = node.get(member);
        return value == null || value.isNull() ? null : value.asText();
    }
}
