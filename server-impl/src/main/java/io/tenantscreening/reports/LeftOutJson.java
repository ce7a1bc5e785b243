package io.tenantscreening.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.tenantscreening.jurisdictions.Citation;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The records left out of a check, per rule, as they are stored (in a report's checks and
 * beside a stored check's findings) and as the API's {@code records_left_out} states them:
 * {@code [{"place": …, "section": …, "records": n}]}.
 */
public final class LeftOutJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LeftOutJson() {
    }

    public static ArrayNode tree(List<Report.LeftOut> leftOut) {
        ArrayNode rules = JSON.createArrayNode();
        leftOut.forEach(rule -> rules.addObject().put("place", rule.rule().place()).put("section", rule.rule().section())
                .put("records", rule.records()));
        return rules;
    }

    public static String write(List<Report.LeftOut> leftOut) {
        return tree(leftOut).toString();
    }

    /** The rules of a stored array; none for a missing node (stored before records were counted). */
    public static List<Report.LeftOut> read(JsonNode rules) {
        List<Report.LeftOut> leftOut = new ArrayList<>();
        for (JsonNode rule : rules) {
            leftOut.add(new Report.LeftOut(new Citation(rule.get("place").asText(), rule.get("section").asText()),
                    rule.get("records").asInt()));
        }
        return leftOut;
    }

    public static List<Report.LeftOut> read(String json) {
        try {
            return read(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
