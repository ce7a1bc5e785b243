package io.tenantscreening.common;

import com.atlassian.oai.validator.report.ValidationReport;
import io.swagger.v3.oas.models.parameters.Parameter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites the contract validator's findings as error entries a person can act on. The
 * validator's own wording names JSON Schema keywords and echoes input (which may be an
 * SSN), so each keyword gets its own sentence here and input is never repeated.
 */
final class ValidationMessages {

    private static final String BODY_SCHEMA = "validation.request.body.schema.";
    /** Sentences for the contract's patterns; other patterns are named as they are. */
    private static final Map<String, String> KNOWN_PATTERNS = Map.of(
            "^(?=.*\\S)[^\\x00-\\x1F\\x7F-\\x9F]*$",
            "Must be a single line that is not blank (no line breaks or other control characters).",
            "^[^\\x00-\\x1F\\x7F-\\x9F]*$", "Must be a single line (no line breaks or other control characters).",
            "^[0-9]{5}(-[0-9]{4})?$", "Must be a 5-digit ZIP code or a ZIP+4 code (12345 or 12345-6789).",
            "^([0-9]{3}-[0-9]{2}-[0-9]{4}|[0-9]{9})$", "Must be 9 digits, plain or dashed as 123-45-6789.");
    private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern NUMBER_AFTER = Pattern.compile("(?:maximum|minimum)(?: allowed)?: (-?[0-9.]+)");

    private ValidationMessages() {
    }

    static List<ErrorEntry> toEntries(ValidationReport.Message message) {
        String key = message.getKey();
        Optional<ValidationReport.MessageContext> context = message.getContext();
        if (key.equals("validation.request.parameter.query.unexpected")) {
            String name = between(message.getMessage(), "'", "'");
            return List.of(ErrorEntry.invalid(ErrorSource.parameter(name),
                    "Unknown query parameter '" + name + "'; see the operation for the parameters it accepts."));
        }
        Optional<Parameter> parameter = context.flatMap(ValidationReport.MessageContext::getParameter);
        if (parameter.isPresent()) {
            Parameter p = parameter.get();
            ErrorSource source = "header".equals(p.getIn()) ? ErrorSource.header(p.getName()) : ErrorSource.parameter(p.getName());
            return List.of(ErrorEntry.invalid(source, parameterDetail(key, message.getMessage(), p.getName())));
        }
        if (key.equals("validation.request.body.missing")) {
            return List.of(ErrorEntry.invalid(ErrorSource.pointer(""), "A JSON request body is required."));
        }
        if (key.startsWith(BODY_SCHEMA)) {
            String pointer = context.flatMap(ValidationReport.MessageContext::getPointers)
                    .map(ValidationReport.MessageContext.Pointers::getInstance)
                    .filter(instance -> !instance.equals("/"))
                    .orElse("");
            return bodyEntries(key.substring(BODY_SCHEMA.length()), message.getMessage(), pointer);
        }
        return List.of(ErrorEntry.invalid(ErrorSource.pointer(""), stripPath(message.getMessage())));
    }

    private static List<ErrorEntry> bodyEntries(String keyword, String text, String pointer) {
        List<ErrorEntry> entries = new ArrayList<>();
        switch (keyword) {
            case "required" -> quoted(afterLast(text, "(")).forEach(member ->
                    entries.add(ErrorEntry.invalid(ErrorSource.pointer(child(pointer, member)), "This member is required.")));
            case "additionalProperties" -> quoted(afterLast(text, "[")).forEach(member ->
                    entries.add(ErrorEntry.invalid(ErrorSource.pointer(child(pointer, member)),
                            "Unknown member '" + member + "'; see the schema for the members this object accepts.")));
            case "invalidJson" -> entries.add(ErrorEntry.invalid(ErrorSource.pointer(""),
                    "The body is not valid JSON: check quoting, commas and brackets."));
            default -> entries.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), valueDetail(keyword, text)));
        }
        return entries;
    }

    private static String parameterDetail(String key, String text, String name) {
        if (key.endsWith(".missing")) {
            return "'" + name + "' is required.";
        }
        int schema = key.indexOf(".schema.");
        if (schema >= 0) {
            return valueDetail(key.substring(schema + ".schema.".length()), text);
        }
        return stripPath(text);
    }

    private static String valueDetail(String keyword, String text) {
        if (keyword.startsWith("format")) {
            return "Is not a valid " + formatName(keyword + " " + text) + ".";
        }
        return switch (keyword) {
            case "type" -> "Must be of type " + String.join(" or ", quoted(afterLast(text, "allowed:")))
                    + ", not " + between(text, "type (", ")") + ".";
            case "enum" -> "Must be one of: " + String.join(", ", quoted(afterLast(text, "possible values:"))) + ".";
            case "maxLength" -> "Must be at most " + number(text) + " characters long.";
            case "minLength" -> "Must be at least " + number(text) + " characters long.";
            case "maximum" -> "Must be at most " + number(text) + ".";
            case "minimum" -> "Must be at least " + number(text) + ".";
            case "maxItems" -> "Must have at most " + number(text) + " items.";
            case "minItems" -> "Must have at least " + number(text) + " items.";
            case "uniqueItems" -> "Must not contain the same value twice.";
            case "pattern" -> patternDetail(quoted(text).stream().findFirst().orElse(""));
            default -> stripPath(text);
        };
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

    private static String number(String text) {
        Matcher matcher = NUMBER_AFTER.matcher(text);
        return matcher.find() ? matcher.group(1) : "the documented limit";
    }

    private static List<String> quoted(String text) {
        List<String> values = new ArrayList<>();
        Matcher matcher = QUOTED.matcher(text);
        while (matcher.find()) {
            values.add(matcher.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
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

    private static String child(String pointer, String member) {
        return pointer + "/" + member.replace("~", "~0").replace("/", "~1");
    }

    private static String stripPath(String text) {
        return text.replaceFirst("^\\[Path '[^']*'] ", "");
    }
}
