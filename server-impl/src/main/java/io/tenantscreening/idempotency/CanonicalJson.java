package io.tenantscreening.idempotency;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * A normal form of a JSON value, for telling whether two requests say the same thing:
 * members sorted by name, null members dropped (the contract gives null and absent the
 * same meaning in request bodies), no whitespace. Arrays keep their order.
 */
public final class CanonicalJson {

    private CanonicalJson() {
    }

    public static String of(JsonMapper json, Object value) {
        try {
            StringBuilder out = new StringBuilder();
            write(json, json.writeValueToTree(value), out);
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(JsonMapper json, JsonNode node, StringBuilder out) throws IOException {
        if (node.isObject()) {
            Map<String, JsonNode> members = new TreeMap<>();
            node.entries().forEach(member -> {
                if (!member.getValue().isNull()) {
                    members.put(member.getKey(), member.getValue());
                }
            });
            out.append('{');
            String separator = "";
            for (Map.Entry<String, JsonNode> member : members.entrySet()) {
                out.append(separator).append(json.writeValueAsString(member.getKey())).append(':');
                write(json, member.getValue(), out);
                separator = ",";
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            String separator = "";
            for (JsonNode element : node.values()) {
                out.append(separator);
                write(json, element, out);
                separator = ",";
            }
            out.append(']');
        } else {
            out.append(json.writeValueAsString(node));
        }
    }
}
