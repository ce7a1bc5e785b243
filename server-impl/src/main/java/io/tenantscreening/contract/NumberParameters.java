package io.tenantscreening.contract;

import io.micronaut.core.convert.value.ConvertibleMultiValues;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The contract's number query parameters ({@code per_page}), checked before the general
 * validator. A value must be written as a plain decimal number (an optional minus sign and
 * digits without a leading zero; for a {@code number} also a fraction) within the schema's
 * bounds and its format's range ({@code int32}, {@code int64}). Anything else (an exponent,
 * a plus sign, a leading zero, spaces, hexadecimal, {@code NaN}, an empty value, digits
 * beyond every range) is refused with one sentence that says which numbers are accepted,
 * and is kept from the general validator: its findings for such spellings name its own
 * internals ("unknownError", "invalidJson"), come in pairs, or (for a space) let the value
 * through to a binding that cannot read it.
 */
final class NumberParameters {

    private static final Pattern PLAIN_INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?");
    private static final Map<String, BigDecimal[]> FORMAT_RANGES = Map.of(
            "int32", new BigDecimal[] {BigDecimal.valueOf(Integer.MIN_VALUE), BigDecimal.valueOf(Integer.MAX_VALUE)},
            "int64", new BigDecimal[] {BigDecimal.valueOf(Long.MIN_VALUE), BigDecimal.valueOf(Long.MAX_VALUE)});

    private NumberParameters() {
    }

    /** Whether a parameter's schema is a number ({@code integer} or {@code number}). */
    static boolean isNumber(Schema<?> schema) {
        return schema != null && ("integer".equals(schema.getType()) || "number".equals(schema.getType()));
    }

    /** The operation's number query parameters this request gives a value they refuse, each with its detail. */
    static Map<String, String> refusals(Operation operation, ConvertibleMultiValues<String> query) {
        Map<String, String> refused = new LinkedHashMap<>();
        for (Parameter parameter : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
            if ("query".equals(parameter.getIn()) && isNumber(parameter.getSchema())
                    && query.getAll(parameter.getName()).stream().anyMatch(value -> !accepts(parameter.getSchema(), value))) {
                refused.put(parameter.getName(), detail(parameter.getSchema()));
            }
        }
        return refused;
    }

    /** Whether the value is a plain spelling of a number the schema accepts. */
    private static boolean accepts(Schema<?> schema, String value) {
        if (!("integer".equals(schema.getType()) ? PLAIN_INTEGER : PLAIN_NUMBER).matcher(value).matches()) {
            return false;
        }
        BigDecimal number = new BigDecimal(value);
        BigDecimal minimum = minimum(schema);
        BigDecimal maximum = maximum(schema);
        return (minimum == null || (Boolean.TRUE.equals(schema.getExclusiveMinimum())
                        ? number.compareTo(minimum) > 0 : number.compareTo(minimum) >= 0))
                && (maximum == null || (Boolean.TRUE.equals(schema.getExclusiveMaximum())
                        ? number.compareTo(maximum) < 0 : number.compareTo(maximum) <= 0));
    }

    /**
     * Which numbers the schema accepts, as one sentence: "Must be an integer from 1 to 100.",
     * "Must be a number that is at most 1."
     */
    static String detail(Schema<?> schema) {
        String kind = "integer".equals(schema.getType()) ? "an integer" : "a number";
        BigDecimal minimum = minimum(schema);
        BigDecimal maximum = maximum(schema);
        boolean exclusiveMinimum = Boolean.TRUE.equals(schema.getExclusiveMinimum());
        boolean exclusiveMaximum = Boolean.TRUE.equals(schema.getExclusiveMaximum());
        if (minimum != null && maximum != null && !exclusiveMinimum && !exclusiveMaximum) {
            return "Must be " + kind + " from " + plain(minimum) + " to " + plain(maximum) + ".";
        }
        String lower = minimum == null ? null : (exclusiveMinimum ? "greater than " : "at least ") + plain(minimum);
        String upper = maximum == null ? null : (exclusiveMaximum ? "less than " : "at most ") + plain(maximum);
        if (lower != null && upper != null) {
            return "Must be " + kind + " that is " + lower + " and " + upper + ".";
        }
        return "Must be " + kind + (lower != null ? " that is " + lower : upper != null ? " that is " + upper : "") + ".";
    }

    private static BigDecimal minimum(Schema<?> schema) {
        BigDecimal[] range = formatRange(schema);
        BigDecimal bound = schema.getMinimum();
        return range == null ? bound : bound == null ? range[0] : bound.max(range[0]);
    }

    private static BigDecimal maximum(Schema<?> schema) {
        BigDecimal[] range = formatRange(schema);
        BigDecimal bound = schema.getMaximum();
        return range == null ? bound : bound == null ? range[1] : bound.min(range[1]);
    }

    private static BigDecimal[] formatRange(Schema<?> schema) {
        return schema.getFormat() == null ? null : FORMAT_RANGES.get(schema.getFormat());
    }

    private static String plain(BigDecimal number) {
        return number.stripTrailingZeros().toPlainString();
    }
}
