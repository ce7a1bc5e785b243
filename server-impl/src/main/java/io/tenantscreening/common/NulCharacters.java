package io.tenantscreening.common;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Refuses the NUL character (U+0000) anywhere in a request, which PostgreSQL cannot store
 * in text: in a body string it is a 422 on that member, in a query parameter a 422 on the
 * parameter, and in the path a 404 (no record has such an id).
 */
@Singleton
public class NulCharacters {

    private static final String DETAIL = "Must not contain the NUL character (U+0000).";

    private final JsonMapper json;

    public NulCharacters(JsonMapper json) {
        this.json = json;
    }

    public void check(HttpRequest<?> request, @Nullable String body) {
        if (request.getPath().indexOf('\0') >= 0 || request.getUri().getRawPath().contains("%00")) {
            throw ApiException.notFound("No record has an id containing the NUL character (U+0000).");
        }
        List<ErrorEntry> entries = new ArrayList<>();
        for (Map.Entry<String, List<String>> parameter : request.getParameters()) {
            if (parameter.getValue().stream().anyMatch(value -> value.indexOf('\0') >= 0)) {
                entries.add(ErrorEntry.invalid(ErrorSource.parameter(parameter.getKey()), DETAIL));
            }
        }
        // JSON can only carry U+0000 escaped, so bodies without the escape need no parsing.
        if (body != null && body.toLowerCase(Locale.ROOT).contains("\\u0000")) {
            try {
                collect(json.readValue(body, JsonNode.class), "", entries);
            } catch (IOException e) {
                // Not JSON, so not for a documented operation (the contract check ran first): the router answers it.
            }
        }
        if (!entries.isEmpty()) {
            throw ApiException.invalid(entries);
        }
    }

    private static void collect(JsonNode node, String pointer, List<ErrorEntry> entries) {
        if (node.isString() && node.getStringValue().indexOf('\0') >= 0) {
            entries.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), DETAIL));
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> member : node.entries()) {
                collect(member.getValue(), pointer + "/" + member.getKey().replace("~", "~0").replace("/", "~1"), entries);
            }
        } else if (node.isArray()) {
            int index = 0;
            for (JsonNode element : node.values()) {
                collect(element, pointer + "/" + index++, entries);
            }
        }
    }
}
