package io.tenantscreening.contract;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.media.Schema;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.json.JsonPointers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The first pass over a request body, guided by the operation's schema and linear in the
 * size of the body. It finds every value the contract bounds and the body exceeds (a
 * string over its maxLength, an array over its maxItems), every object or array where the
 * schema has none, and every member the schema does not know. Those values are left out
 * of the copy that the full contract check reads afterwards, so patterns, formats and
 * enums only ever run over bounded input, and the caller still hears about every problem
 * in one answer. It also applies the visibility rule of {@link TextRules} to text members,
 * and refuses (and leaves out, so the URL format check never reads them) URL members that
 * hold a character {@link UrlCharacters} refuses.
 */
final class RequestBodyBounds {

    /**
     * What the pass found: the entries for values out of bounds, the pointers of the values
     * left out, the body the full check should read, whether the entries reached the cap
     * (then nothing further is worth checking), and the text members that break the
     * visibility rule.
     */
    record Result(List<ErrorEntry> entries, List<String> leftOut, JsonNode boundedBody, boolean full,
                  List<ErrorEntry> invisibleText) {
    }

    private final List<ErrorEntry> entries = new ArrayList<>();
    private final List<String> leftOut = new ArrayList<>();
    private final List<ErrorEntry> invisibleText = new ArrayList<>();

    private RequestBodyBounds() {
    }

    static Result check(JsonNode body, Schema<?> schema) {
        RequestBodyBounds pass = new RequestBodyBounds();
        pass.visit(body, schema, "");
        JsonNode bounded = pass.leftOut.isEmpty() ? body : without(body, pass.leftOut);
        return new Result(List.copyOf(pass.entries), List.copyOf(pass.leftOut), bounded,
                pass.entries.size() >= ApiException.MAX_ENTRIES, List.copyOf(pass.invisibleText));
    }

    private void visit(JsonNode node, Schema<?> schema, String pointer) {
        if (schema == null || full()) {
            return;
        }
        String type = schema.getType();
        if (node.isArray()) {
            if (type != null && !type.equals("array")) {
                refuse(pointer, "Must be of type " + type + ", not array.");
            } else if (schema.getMaxItems() != null && node.size() > schema.getMaxItems()) {
                refuse(pointer, "Must have at most " + schema.getMaxItems() + " items.");
            } else {
                for (int i = 0; i < node.size(); i++) {
                    visit(node.get(i), schema.getItems(), pointer + "/" + i);
                }
            }
        } else if (node.isObject()) {
            if (type != null && !type.equals("object")) {
                refuse(pointer, "Must be of type " + type + ", not object.");
            } else {
                visitMembers(node, schema, pointer);
            }
        } else if (node.isTextual()) {
            String text = node.textValue();
            if (schema.getMaxLength() != null && text.codePointCount(0, text.length()) > schema.getMaxLength()) {
                refuse(pointer, "Must be at most " + schema.getMaxLength() + " characters long.");
            } else if ("uri".equals(schema.getFormat())) {
                UrlCharacters.refusal(text).ifPresent(detail -> refuse(pointer, detail));
            } else if (TextRules.isText(schema) && TextRules.isInvisible(text)) {
                invisibleText.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), TextRules.INVISIBLE));
            }
        }
    }

    private void visitMembers(JsonNode node, Schema<?> schema, String pointer) {
        Map<String, Schema> properties = schema.getProperties() == null ? Map.of() : schema.getProperties();
        Object additional = schema.getAdditionalProperties();
        Iterator<Map.Entry<String, JsonNode>> members = node.fields();
        while (members.hasNext()) {
            Map.Entry<String, JsonNode> member = members.next();
            String child = JsonPointers.child(pointer, member.getKey());
            Schema<?> known = properties.get(member.getKey());
            if (known != null) {
                visit(member.getValue(), known, child);
            } else if (Boolean.FALSE.equals(additional)) {
                refuse(child, () -> UnknownNames.member(member.getKey(), properties.keySet()));
            } else if (additional instanceof Schema<?> additionalSchema) {
                visit(member.getValue(), additionalSchema, child);
            }
        }
    }

    private void refuse(String pointer, String detail) {
        refuse(pointer, () -> detail);
    }

    /** The detail is only worked out when the entry is added, not once the entries are full. */
    private void refuse(String pointer, Supplier<String> detail) {
        if (!full()) {
            entries.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), detail.get()));
        }
        leftOut.add(pointer);
    }

    private boolean full() {
        return entries.size() >= ApiException.MAX_ENTRIES;
    }

    /** A copy of the body without the values at these pointers (array elements become null, keeping indexes). */
    private static JsonNode without(JsonNode body, List<String> pointers) {
        JsonNode copy = body.deepCopy();
        for (String pointer : pointers) {
            if (pointer.isEmpty()) {
                return NullNode.getInstance();
            }
            JsonPointer target = JsonPointer.compile(pointer);
            JsonNode parent = copy.at(target.head());
            if (parent instanceof ObjectNode object) {
                object.remove(target.last().getMatchingProperty());
            } else if (parent instanceof ArrayNode array) {
                array.set(target.last().getMatchingIndex(), NullNode.getInstance());
            }
        }
        return copy;
    }
}
