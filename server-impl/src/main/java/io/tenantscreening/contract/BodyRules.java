package io.tenantscreening.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.Schema;

import javax.mail.internet.AddressException;
import javax.mail.internet.InternetAddress;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The contract of a JSON request body compiled once from its schema, for the request
 * checks' fast path: it accepts a body only where the general validator (swagger-request-
 * validator over the JSON Schema library, which runs the patterns in an ECMA 262 engine)
 * would accept it without doubt, and leaves every other body, every refusal included, to
 * the general validator, so that callers hear the same answers either way.
 *
 * <p>It compiles only schemas built from the keywords it knows (objects without additional
 * members, strings, arrays of strings, integers; lengths, counts, enums, patterns, bounds of
 * integers, the formats {@code email}, {@code date}, {@code password}, {@code int32} and
 * {@code int64}); a schema with any other keyword has no
 * rules, and every body sent to it goes to the general validator. It decides only values
 * whose meaning cannot differ between the two: no {@code null} (nullability is left to the
 * general validator), and text made of printable ASCII and the Latin letters up to U+024F,
 * where Java's and ECMA 262's regular expressions agree (no line terminators, no Unicode
 * white space, every character one code unit); patterns written in the syntax the two
 * share ({@link EcmaPatterns}); integers written as such (no fraction, no exponent) within
 * their bounds and their format's range.
 */
final class BodyRules {

    /**
     * The keywords a schema may use to be compiled; documentation keywords change nothing, and
     * neither does x-summary, a long enum's description for error details ({@link ValidationMessages}).
     */
    private static final Set<String> KNOWN_KEYWORDS = Set.of("type", "properties", "required", "additionalProperties",
            "nullable", "minLength", "maxLength", "pattern", "enum", "format", "items", "minItems", "maxItems",
            "uniqueItems", "minimum", "maximum", "description", "example", "title", "x-summary");
    /** Text both regular expression engines read alike: printable ASCII and Latin letters (U+00C0 to U+024F). */
    private static final Pattern DECIDABLE_TEXT = Pattern.compile("[\\x20-\\x7E\\u00C0-\\u024F]*");
    private static final Pattern PLAIN_DATE = Pattern.compile("[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}");

    private final Rule root;

    private BodyRules(Rule root) {
        this.root = root;
    }

    /** The rules of a body with this schema, or none when the schema uses a keyword they do not know. */
    static Optional<BodyRules> of(Schema<?> schema) {
        return compile(schema).map(BodyRules::new);
    }

    /** Whether the general validator would accept this body without doubt. */
    boolean accepts(JsonNode body) {
        return root.accepts(body);
    }

    private interface Rule {
        boolean accepts(JsonNode value);
    }

    private record ObjectRule(Map<String, Rule> properties, Set<String> required) implements Rule {
        @Override
        public boolean accepts(JsonNode value) {
            if (!value.isObject() || !required.stream().allMatch(value::has)) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> members = value.fields();
            while (members.hasNext()) {
                Map.Entry<String, JsonNode> member = members.next();
                Rule rule = properties.get(member.getKey());
                if (rule == null || !rule.accepts(member.getValue())) {
                    return false;
                }
            }
            return true;
        }
    }

    private record ArrayRule(StringRule items, Integer minItems, Integer maxItems, boolean unique) implements Rule {
        @Override
        public boolean accepts(JsonNode value) {
            if (!value.isArray() || (minItems != null && value.size() < minItems) || (maxItems != null && value.size() > maxItems)) {
                return false;
            }
            Set<String> seen = new HashSet<>();
            for (JsonNode item : value) {
                if (!items.accepts(item) || (unique && !seen.add(item.textValue()))) {
                    return false;
                }
            }
            return true;
        }
    }

    private record StringRule(Integer minLength, Integer maxLength, Pattern pattern, Set<String> values, String format)
            implements Rule {
        @Override
        public boolean accepts(JsonNode value) {
            if (!value.isTextual()) {
                return false;
            }
            String text = value.textValue();
            return DECIDABLE_TEXT.matcher(text).matches()
                    && (minLength == null || text.length() >= minLength) && (maxLength == null || text.length() <= maxLength)
                    && (values == null || values.contains(text))
                    && (pattern == null || pattern.matcher(text).find())
                    && hasFormat(text);
        }

        private boolean hasFormat(String text) {
            return switch (format == null ? "" : format) {
                case "email" -> isEmail(text);
                case "date" -> isDate(text);
                default -> true;
            };
        }
    }

    /** An integer within inclusive bounds (the format's range when the schema sets none tighter). */
    private record IntegerRule(BigInteger minimum, BigInteger maximum) implements Rule {
        @Override
        public boolean accepts(JsonNode value) {
            if (!value.isIntegralNumber()) {
                return false;
            }
            BigInteger number = value.bigIntegerValue();
            return number.compareTo(minimum) >= 0 && number.compareTo(maximum) <= 0;
        }
    }

    /** The JSON Schema library's own test of the format: an address that InternetAddress reads strictly. */
    private static boolean isEmail(String text) {
        try {
            new InternetAddress(text, true);
            return true;
        } catch (AddressException e) {
            return false;
        }
    }

    /** A calendar date spelt {@code YYYY-MM-DD}, which every reader of the format accepts. */
    private static boolean isDate(String text) {
        if (!PLAIN_DATE.matcher(text).matches()) {
            return false;
        }
        try {
            LocalDate.of(Integer.parseInt(text, 0, 4, 10), Integer.parseInt(text, 5, 7, 10), Integer.parseInt(text, 8, 10, 10));
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    private static Optional<Rule> compile(Schema<?> schema) {
        if (schema == null || !usesOnly(schema, KNOWN_KEYWORDS)) {
            return Optional.empty();
        }
        String type = schema.getType();
        if ("object".equals(type)) {
            return compileObject(schema);
        }
        if ("array".equals(type)) {
            return compile(schema.getItems())
                    .filter(StringRule.class::isInstance)
                    .map(items -> new ArrayRule((StringRule) items, schema.getMinItems(), schema.getMaxItems(),
                            Boolean.TRUE.equals(schema.getUniqueItems())));
        }
        if ("string".equals(type)) {
            return compileString(schema);
        }
        if ("integer".equals(type)) {
            return compileInteger(schema);
        }
        return Optional.empty();
    }

    private static Optional<Rule> compileInteger(Schema<?> schema) {
        String format = schema.getFormat() == null ? "int64" : schema.getFormat();
        if (schema.getEnum() != null || !Set.of("int32", "int64").contains(format)) {
            return Optional.empty();
        }
        BigInteger lowest = BigInteger.valueOf(format.equals("int32") ? Integer.MIN_VALUE : Long.MIN_VALUE);
        BigInteger highest = BigInteger.valueOf(format.equals("int32") ? Integer.MAX_VALUE : Long.MAX_VALUE);
        try {
            BigInteger minimum = schema.getMinimum() == null ? lowest : lowest.max(schema.getMinimum().toBigIntegerExact());
            BigInteger maximum = schema.getMaximum() == null ? highest : highest.min(schema.getMaximum().toBigIntegerExact());
            return Optional.of(new IntegerRule(minimum, maximum));
        } catch (ArithmeticException fractionalBound) {
            return Optional.empty();
        }
    }

    private static Optional<Rule> compileObject(Schema<?> schema) {
        if (!Boolean.FALSE.equals(schema.getAdditionalProperties())) {
            return Optional.empty();
        }
        Map<String, Rule> properties = new HashMap<>();
        Map<String, Schema> declared = schema.getProperties() == null ? Map.of() : schema.getProperties();
        for (Map.Entry<String, Schema> property : declared.entrySet()) {
            Optional<Rule> rule = compile(property.getValue());
            if (rule.isEmpty()) {
                return Optional.empty();
            }
            properties.put(property.getKey(), rule.get());
        }
        List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
        return Optional.of(new ObjectRule(Map.copyOf(properties), Set.copyOf(required)));
    }

    private static Optional<Rule> compileString(Schema<?> schema) {
        String format = schema.getFormat();
        if (format != null && !Set.of("email", "date", "password").contains(format)) {
            return Optional.empty();
        }
        Set<String> values = null;
        if (schema.getEnum() != null) {
            if (!schema.getEnum().stream().allMatch(String.class::isInstance)) {
                return Optional.empty();
            }
            values = Set.copyOf(schema.getEnum().stream().map(String.class::cast).toList());
        }
        Optional<Pattern> pattern = schema.getPattern() == null ? Optional.empty() : EcmaPatterns.compile(schema.getPattern());
        if (schema.getPattern() != null && pattern.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StringRule(schema.getMinLength(), schema.getMaxLength(), pattern.orElse(null), values, format));
    }

    /** Whether the schema uses no keyword but these (the compiled rules' guard against those they do not know). */
    static boolean usesOnly(Schema<?> schema, Set<String> known) {
        Iterator<String> keywords = Json.mapper().valueToTree(schema).fieldNames();
        while (keywords.hasNext()) {
            if (!known.contains(keywords.next())) {
                return false;
            }
        }
        return true;
    }
}
