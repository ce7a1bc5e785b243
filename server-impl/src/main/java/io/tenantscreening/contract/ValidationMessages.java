package io.tenantscreening.contract;

import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.core.JsonPointer;
import io.micronaut.core.annotation.Nullable;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.json.JsonPointers;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Rewrites the contract validator's findings as error entries a person can act on. The
 * validator's own wording names JSON Schema keywords and echoes input (which may be an
 * SSN), so each keyword gets its own sentence here and input is never repeated; a finding
 * with no sentence of its own gets a plain one, never the validator's key or keyword, and
 * every finding on a number says which numbers are accepted ({@link NumberParameters}). The
 * validator's text is read with plain linear scans, never with a regular expression: it
 * can quote what the caller sent.
 */
final class ValidationMessages {

    private static final String BODY_SCHEMA = "validation.request.body.schema.";
    /** Enums with more values are described with an example instead of listed. */
    static final int LISTED_VALUES = 8;
    /** The schema extension that describes a long enum's values in a few words, as in "a two-letter USPS code". */
    private static final String SUMMARY = "x-summary";
    /** Sentences for the contract's patterns; other patterns are named as they are. */
    private static final Map<String, String> KNOWN_PATTERNS = Map.of(
            TextRules.NON_BLANK_LINE,
            "Must be a single line that is not blank (no line breaks or separators, other control characters or "
                    + "bidirectional override and isolate controls).",
            TextRules.LINE,
            "Must be a single line (no line breaks or separators, other control characters or bidirectional override and "
                    + "isolate controls).",
            "^[0-9]{5}(-[0-9]{4})?$", "Must be a 5-digit ZIP code or a ZIP+4 code (12345 or 12345-6789).",
            "^([0-9]{3}-[0-9]{2}-[0-9]{4}|[0-9]{9})$", "Must be 9 digits, plain or dashed as 123-45-6789.");

    private ValidationMessages() {
    }

    /** The entries for a finding; the operation's JSON body schema, when it has one, says which members are numbers. */
    static List<ErrorEntry> toEntries(ValidationReport.Message message, @Nullable Schema<?> bodySchema,
                                      Collection<String> queryParameters) {
        String key = message.getKey();
        Optional<ValidationReport.MessageContext> context = message.getContext();
        if (key.equals("validation.request.parameter.query.unexpected")) {
            String name = between(message.getMessage(), "'", "'");
            return List.of(ErrorEntry.invalid(ErrorSource.parameter(name), UnknownNames.queryParameter(name, queryParameters)));
        }
        Optional<Parameter> parameter = context.flatMap(ValidationReport.MessageContext::getParameter);
        if (parameter.isPresent()) {
            Parameter p = parameter.get();
            ErrorSource source = "header".equals(p.getIn()) ? ErrorSource.header(p.getName()) : ErrorSource.parameter(p.getName());
            return List.of(ErrorEntry.invalid(source, parameterDetail(key, message.getMessage(), p)));
        }
        if (key.equals("validation.request.body.missing")) {
            return List.of(ErrorEntry.invalid(ErrorSource.pointer(""), "A JSON request body is required."));
        }
        if (key.equals("validation.request.body.unexpected")) {
            return List.of(ErrorEntry.invalid(ErrorSource.pointer(""), "This operation takes no request body; send none."));
        }
        if (key.startsWith(BODY_SCHEMA)) {
            String pointer = context.flatMap(ValidationReport.MessageContext::getPointers)
                    .map(ValidationReport.MessageContext.Pointers::getInstance)
                    .filter(instance -> !instance.equals("/"))
                    .orElse("");
            return bodyEntries(key.substring(BODY_SCHEMA.length()), message.getMessage(), pointer,
                    bodySchema == null ? null : memberSchema(bodySchema, pointer));
        }
        return List.of(ErrorEntry.invalid(ErrorSource.pointer(""),
                "The request does not match what the operation accepts; see the operation in GET /openapi.yaml."));
    }

    private static List<ErrorEntry> bodyEntries(String keyword, String text, String pointer, @Nullable Schema<?> schema) {
        List<ErrorEntry> entries = new ArrayList<>();
        switch (keyword) {
            case "required" -> quoted(afterLast(text, "(")).forEach(member ->
                    entries.add(ErrorEntry.invalid(ErrorSource.pointer(JsonPointers.child(pointer, member)),
                            "This member is required.")));
            case "additionalProperties" -> quoted(afterLast(text, "[")).forEach(member ->
                    entries.add(ErrorEntry.invalid(ErrorSource.pointer(JsonPointers.child(pointer, member)),
                            UnknownNames.member(member, schema == null || schema.getProperties() == null
                                    ? List.of() : schema.getProperties().keySet()))));
            case "invalidJson" -> entries.add(ErrorEntry.invalid(ErrorSource.pointer(""),
                    "The body is not valid JSON: check quoting, commas and brackets."));
            default -> entries.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), NumberParameters.isNumber(schema)
                    ? NumberParameters.detail(schema) : valueDetail(keyword, text, "member", schema)));
        }
        return entries;
    }

    /**
     * A parameter's detail. Whatever is wrong with a number (its type, its format, a bound,
     * or the validator's own failure to read it), the detail says which numbers are accepted.
     * An optional parameter the validator calls missing was given an empty value.
     */
    private static String parameterDetail(String key, String text, Parameter parameter) {
        boolean missing = key.endsWith(".missing");
        if (missing && Boolean.TRUE.equals(parameter.getRequired())) {
            return "'" + parameter.getName() + "' is required.";
        }
        if (NumberParameters.isNumber(parameter.getSchema())) {
            return NumberParameters.detail(parameter.getSchema());
        }
        if (missing) {
            return "Must not be empty; leave the parameter out instead.";
        }
        int schema = key.indexOf(".schema.");
        if (schema >= 0) {
            return valueDetail(key.substring(schema + ".schema.".length()), text, "parameter", parameter.getSchema());
        }
        return "Is not a value this parameter accepts; see the operation in GET /openapi.yaml.";
    }

    /** The schema of the body member at a JSON pointer, following properties, items and additionalProperties; null when unknown. */
    @Nullable
    private static Schema<?> memberSchema(Schema<?> root, String pointer) {
        if (!pointer.isEmpty() && !pointer.startsWith("/")) {
            return null;
        }
        Schema<?> schema = root;
        for (JsonPointer at = JsonPointer.compile(pointer); !at.matches(); at = at.tail()) {
            String token = at.getMatchingProperty();
            if (schema == null) {
                return null;
            }
            if (schema.getProperties() != null && schema.getProperties().containsKey(token)) {
                schema = schema.getProperties().get(token);
            } else if ("array".equals(schema.getType())) {
                schema = schema.getItems();
            } else {
                schema = schema.getAdditionalProperties() instanceof Schema<?> additional ? additional : null;
            }
        }
        return schema;
    }

    /**
     * The sentence for a failed schema keyword; {@code what} (member or parameter) names the
     * value in a sentence for keywords without one. The schema, when known, describes a long
     * enum ({@link #enumDetail}).
     */
    private static String valueDetail(String keyword, String text, String what, @Nullable Schema<?> schema) {
        if (keyword.startsWith("format")) {
            return "Is not a valid " + formatName(keyword + " " + text) + ".";
        }
        return switch (keyword) {
            case "type" -> "Must be of type " + String.join(" or ", quoted(afterLast(text, "allowed:")))
                    + ", not " + between(text, "type (", ")") + ".";
            case "enum" -> enumDetail(quoted(afterLast(text, "possible values:")), schema);
            case "maxLength" -> "Must be at most " + numberAfter(text, "maximum") + " characters long.";
            case "minLength" -> "Must be at least " + numberAfter(text, "minimum") + " characters long.";
            case "maximum" -> "Must be at most " + numberAfter(text, "maximum") + ".";
            case "minimum" -> "Must be at least " + numberAfter(text, "minimum") + ".";
            case "maxItems" -> "Must have at most " + numberAfter(text, "maximum") + " items.";
            case "minItems" -> "Must have at least " + numberAfter(text, "minimum") + " items.";
            case "uniqueItems" -> "Must not contain the same value twice.";
            case "pattern" -> patternDetail(quoted(text).stream().findFirst().orElse(""));
            default -> "Is not a value this " + what + " accepts; see the operation in GET /openapi.yaml.";
        };
    }

    /**
     * Up to {@value #LISTED_VALUES} values are listed; a longer enum is described, by its
     * schema's {@value #SUMMARY} when it has one, and shown by an example: the schema's
     * {@code example}, else its first value.
     */
    private static String enumDetail(List<String> values, @Nullable Schema<?> schema) {
        if (values.size() <= LISTED_VALUES) {
            return "Must be one of: " + String.join(", ", values) + ".";
        }
        String example = schema != null && schema.getExample() != null ? schema.getExample().toString() : values.get(0);
        Object summary = schema == null || schema.getExtensions() == null ? null : schema.getExtensions().get(SUMMARY);
        return summary instanceof String described
                ? "Must be " + described + " such as " + example + "."
                : "Must be one of the " + values.size() + " values the schema lists, such as " + example + ".";
    }

    private static String patternDetail(String regex) {
        return KNOWN_PATTERNS.getOrDefault(regex, "Does not have the required format " + regex + ".");
    }

    private static String formatName(String text) {
        if (text.contains("date-time")) {
            return "date-time (ISO 8601, e.g. 2026-04-29T14:03:11Z)";
        }
        if (text.contains("date")) {
            return "date: a real calendar date written YYYY-MM-DD";
        }
        if (text.contains("email")) {
            return "email address";
        }
        if (text.contains("URI") || text.contains("uri")) {
            return "absolute URL";
        }
        return "value for its documented format";
    }

    /**
     * The first number after the last occurrence of a marker, within its parenthesis:
     * "(length: 12, maximum allowed: 10)" gives 10 for "maximum".
     */
    static String numberAfter(String text, String marker) {
        int at = text.lastIndexOf(marker);
        if (at < 0) {
            return "the documented limit";
        }
        int i = at + marker.length();
        while (i < text.length() && !Character.isDigit(text.charAt(i)) && text.charAt(i) != ')') {
            i++;
        }
        int start = i > 0 && i < text.length() && text.charAt(i - 1) == '-' ? i - 1 : i;
        while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
        }
        return start == i || !Character.isDigit(text.charAt(i - 1)) ? "the documented limit" : text.substring(start, i);
    }

    /** The double-quoted strings in a text, with escaped quotes and backslashes unescaped, read in one pass. */
    static List<String> quoted(String text) {
        List<String> values = new ArrayList<>();
        StringBuilder current = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (current == null) {
                if (c == '"') {
                    current = new StringBuilder();
                }
            } else if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                if (next != '"' && next != '\\') {
                    current.append(c);
                }
                current.append(next);
            } else if (c == '"') {
                values.add(current.toString());
                current = null;
            } else {
                current.append(c);
            }
        }
        return values;
    }

    private static String afterLast(String text, String marker) {
        int at = text.lastIndexOf(marker);
        return at < 0 ? text : text.substring(at);
    }

    private static String between(String text, String open, String close) {
        int start = text.indexOf(open);
        if (start < 0) {
            return "something else";
        }
        int end = text.indexOf(close, start + open.length());
        return end < 0 ? "something else" : text.substring(start + open.length(), end);
    }
}
