package io.tenantscreening.contract;

import com.atlassian.oai.validator.report.ValidationReport;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.QueryParameter;
import io.tenantscreening.errors.ErrorEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The validator's wording is read by linear scans; these are their cases. */
class ValidationMessagesTest {

    private static final ContractOperations CONTRACT = new ContractOperations();

    @Test
    void quotedStringsAreUnescaped() {
        assertThat(ValidationMessages.quoted("allowed: [\"a\\\"b\",\"c\\\\d\",\"\\x00\"]")).containsExactly("a\"b", "c\\d", "\\x00");
    }

    @Test
    void aLongQuotedValueIsReadInOnePass() {
        String value = "1".repeat(1_000_000);
        assertThat(ValidationMessages.quoted("regex \"^[0-9]{5}$\" does not match input string \"" + value + "\""))
                .containsExactly("^[0-9]{5}$", value);
    }

    @Test
    void limitsAreReadAfterTheirMarker() {
        assertThat(ValidationMessages.numberAfter("string \"x\" is too long (length: 12, maximum allowed: 10)", "maximum"))
                .isEqualTo("10");
        assertThat(ValidationMessages.numberAfter("numeric instance is lower than the required minimum (minimum: 1, found: 0)",
                "minimum")).isEqualTo("1");
        assertThat(ValidationMessages.numberAfter("no limit here", "maximum")).isEqualTo("the documented limit");
    }

    /**
     * docs/integrators.md#errors: whatever the validator finds wrong with a number parameter
     * (a type, a format, a bound, or an error of its own while reading the number), the detail
     * says which numbers are accepted.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"unknownError", "type", "format.int32", "minimum", "maximum", "multipleOf", "somethingNew"})
    void everyFindingOnANumberParameterSaysWhichNumbersAreAccepted(String keyword) {
        Parameter perPage = new QueryParameter().name("per_page")
                .schema(new IntegerSchema().format("int32").minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(100)));
        Parameter bounded = new QueryParameter().name("n").schema(new Schema<Number>().type("integer").minimum(BigDecimal.ZERO));
        Parameter ratio = new QueryParameter().name("r").schema(new NumberSchema().maximum(BigDecimal.ONE));

        assertThat(detail(parameterMessage(keyword, perPage))).isEqualTo("Must be an integer from 1 to 100.");
        assertThat(detail(parameterMessage(keyword, bounded))).isEqualTo("Must be an integer that is at least 0.");
        assertThat(detail(parameterMessage(keyword, ratio))).isEqualTo("Must be a number that is at most 1.");
    }

    /**
     * A finding on a number member of a body says which numbers it accepts, like a parameter's
     * (docs/integrators.md#errors).
     */
    @Test
    void aFindingOnANumberMemberOfABodySaysWhichNumbersAreAccepted() {
        Schema<?> body = new ObjectSchema().addProperty("order", new ObjectSchema()
                .addProperty("units", new ArraySchema().items(new IntegerSchema().minimum(BigDecimal.ONE).maximum(BigDecimal.TEN))));
        ValidationReport.Message unreadable = ValidationReport.Message.create("validation.request.body.schema.unknownError",
                        "An error occurred during schema validation - Overflow.")
                .withContext(ValidationReport.MessageContext.create().withPointers("/order/units/2", "/properties/order").build())
                .build();

        List<ErrorEntry> entries = ValidationMessages.toEntries(unreadable, body, List.of());

        assertThat(entries).singleElement().satisfies(entry -> {
            assertThat(entry.source().pointer()).isEqualTo("/order/units/2");
            assertThat(entry.detail()).isEqualTo("Must be an integer from 1 to 10.");
        });
    }

    /**
     * No detail ever names a rule, keyword or message key of the validator
     * (docs/design.md#contract-checking-and-hostile-input).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"validation.request.parameter.schema.unknownError", "validation.request.parameter.query.collection.invalidFormat",
            "validation.request.body.schema.unknownError", "validation.request.body.schema.oneOf", "validation.request.body.schema.not",
            "validation.request.body.schema.dependencies", "validation.request.somethingNew", "validation.schema.unknownError"})
    void noDetailNamesARuleOfTheValidator(String key) {
        Parameter text = new QueryParameter().name("cursor").schema(new Schema<String>().type("string"));
        ValidationReport.Message plain = ValidationReport.Message.create(key, "An error occurred during schema validation - "
                + "Character e is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.").build();
        ValidationReport.Message onParameter = ValidationReport.Message.create(key, "Something 'unknownError' went wrong")
                .withContext(ValidationReport.MessageContext.create().withParameter(text).build()).build();

        for (ValidationReport.Message message : List.of(plain, onParameter)) {
            String detail = detail(message);
            String keyword = key.substring(key.lastIndexOf('.') + 1);
            assertThat(detail).doesNotContainIgnoringCase("rule").doesNotContain("'" + keyword + "'").doesNotContain(key)
                    .doesNotContain("validation.").doesNotContain("schema validation").endsWith(".");
        }
    }

    /**
     * docs/integrators.md#errors: a value outside an enum of more than eight values is
     * described by the schema's x-summary and shown by its example; the pointer stays the
     * member's.
     */
    @Test
    void aLongEnumIsDescribedWithAnExample() {
        Schema<?> body = CONTRACT.find("POST", "/properties").orElseThrow().jsonBodySchema().orElseThrow();
        ValidationReport.Message message = enumMessage("/property/state",
                List.of("AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "TX"));

        List<ErrorEntry> entries = ValidationMessages.toEntries(message, body, List.of());

        assertThat(entries).singleElement().satisfies(entry -> {
            assertThat(entry.source().pointer()).isEqualTo("/property/state");
            assertThat(entry.detail()).isEqualTo("Must be a two-letter USPS code such as TX.");
        });
    }

    /** docs/integrators.md#errors: a long enum without a summary is counted, with its example or its first value. */
    @Test
    void aLongEnumWithoutASummaryIsCounted() {
        List<String> values = List.of("a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9");
        Schema<?> withExample = new ObjectSchema().addProperty("kind", new StringSchema()._enum(values).example("a5"));
        Schema<?> without = new ObjectSchema().addProperty("kind", new StringSchema()._enum(values));

        assertThat(ValidationMessages.toEntries(enumMessage("/kind", values), withExample, List.of()))
                .singleElement().satisfies(entry -> assertThat(entry.detail())
                        .isEqualTo("Must be one of the 9 values the schema lists, such as a5."));
        assertThat(ValidationMessages.toEntries(enumMessage("/kind", values), without, List.of()))
                .singleElement().satisfies(entry -> assertThat(entry.detail())
                        .isEqualTo("Must be one of the 9 values the schema lists, such as a1."));
    }

    /** docs/integrators.md#errors: an enum of up to eight values is listed in full. */
    @Test
    void aShortEnumIsListed() {
        Schema<?> body = CONTRACT.find("POST", "/orders").orElseThrow().jsonBodySchema().orElseThrow();

        assertThat(ValidationMessages.toEntries(enumMessage("/order/package", List.of("starter", "essential", "complete")),
                body, List.of())).singleElement().satisfies(entry ->
                assertThat(entry.detail()).isEqualTo("Must be one of: starter, essential, complete."));
    }

    /** docs/integrators.md#errors: the general validator's unknown members and query parameters are named like the size pass's. */
    @Test
    void unknownNamesOfTheGeneralValidatorGetSuggestions() {
        Schema<?> body = CONTRACT.find("POST", "/properties").orElseThrow().jsonBodySchema().orElseThrow();
        ValidationReport.Message members = ValidationReport.Message.create("validation.request.body.schema.additionalProperties",
                        "Object instance has properties which are not allowed by the schema: [\"stret\",\"colour\"]")
                .withContext(ValidationReport.MessageContext.create().withPointers("/property", "/properties/property").build())
                .build();
        ValidationReport.Message parameter = ValidationReport.Message.create("validation.request.parameter.query.unexpected",
                "Query parameter 'perpage' is unexpected on path \"/properties\"").build();

        assertThat(ValidationMessages.toEntries(members, body, List.of()))
                .extracting(entry -> entry.source().pointer() + " " + entry.detail()).containsExactly(
                        "/property/stret Unknown member 'stret'. Did you mean \"street\"?",
                        "/property/colour Unknown member 'colour'; see the schema for the members this object accepts.");
        assertThat(ValidationMessages.toEntries(parameter, null, List.of("per_page", "cursor"))).singleElement()
                .satisfies(entry -> {
                    assertThat(entry.source().parameter()).isEqualTo("perpage");
                    assertThat(entry.detail()).isEqualTo("Unknown query parameter 'perpage'. Did you mean \"per_page\"?");
                });
    }

    private static ValidationReport.Message enumMessage(String pointer, List<String> values) {
        String listed = values.stream().map(value -> "\"" + value + "\"").reduce((a, b) -> a + "," + b).orElse("");
        return ValidationReport.Message.create("validation.request.body.schema.enum",
                        "Instance value (\"zz\") not found in enum (possible values: [" + listed + "])")
                .withContext(ValidationReport.MessageContext.create().withPointers(pointer, "/properties").build())
                .build();
    }

    private static ValidationReport.Message parameterMessage(String keyword, Parameter parameter) {
        return ValidationReport.Message.create("validation.request.parameter.schema." + keyword,
                        "An error occurred during schema validation - Character N is neither a decimal digit number.")
                .withContext(ValidationReport.MessageContext.create().withParameter(parameter).build()).build();
    }

    private static String detail(ValidationReport.Message message) {
        List<ErrorEntry> entries = ValidationMessages.toEntries(message, null, List.of());
        assertThat(entries).hasSize(1);
        return entries.get(0).detail();
    }
}
