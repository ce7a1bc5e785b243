package io.tenantscreening.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.json.JsonPointers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Refuses the NUL character (U+0000) anywhere in a request, which PostgreSQL cannot store
 * in text: in a body string it is a 422 on that member, in a query parameter a 422 on the
 * parameter, and in the path a 404 (no record has such an id).
 */
public final class NulCharacters {

    private static final String DETAIL = "Must not contain the NUL character (U+0000).";

    private NulCharacters() {
    }

    /** Checks the request line and the body as parsed by the contract check (null when it has none). */
    public static void check(HttpRequest<?> request, @Nullable JsonNode body) {
        if (request.getPath().indexOf('\0') >= 0 || request.getUri().getRawPath().contains("%00")) {
            throw ApiException.notFound("No record has an id containing the NUL character (U+0000).");
        }
        List<ErrorEntry> entries = new ArrayList<>();
        for (Map.Entry<String, List<String>> parameter : request.getParameters()) {
            if (parameter.getValue().stream().anyMatch(value -> value.indexOf('\0') >= 0)) {
                entries.add(ErrorEntry.invalid(ErrorSource.parameter(parameter.getKey()), DETAIL));
            }
        }
        if (body != null) {
            collect(body, "", entries);
        }
        if (!entries.isEmpty()) {
            throw ApiException.invalid(entries);
        }
    }

    private static void collect(JsonNode node, String pointer, List<ErrorEntry> entries) {
        if (node.isTextual() && node.textValue().indexOf('\0') >= 0) {
            entries.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), DETAIL));
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> members = node.fields();
            while (members.hasNext()) {
                Map.Entry<String, JsonNode> member = members.next();
                collect(member.getValue(), JsonPointers.child(pointer, member.getKey()), entries);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), pointer + "/" + i, entries);
            }
        }
    }
}
