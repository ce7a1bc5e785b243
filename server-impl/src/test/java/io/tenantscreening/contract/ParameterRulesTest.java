package io.tenantscreening.contract;

import io.micronaut.core.convert.value.ConvertibleMultiValues;
import io.swagger.v3.oas.models.media.StringSchema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request checks' fast path (openapi.yaml's own operations): it decides a request alone
 * only where the general validator would accept it without doubt, and leaves everything
 * else, every refusal included, to the general validator.
 */
class ParameterRulesTest {

    private static ContractOperations.ParameterRules list;
    private static ContractOperations.ParameterRules order;
    private static ContractOperations.ParameterRules placeOrder;

    @BeforeAll
    static void readContract() {
        ContractOperations operations = new ContractOperations();
        list = operations.find("GET", "/orders").orElseThrow().parameterRules().orElseThrow();
        order = operations.find("GET", "/orders/{id}").orElseThrow().parameterRules().orElseThrow();
        placeOrder = operations.find("POST", "/orders").orElseThrow().parameterRules().orElseThrow();
    }

    @Test
    void aListRequestWithDocumentedPlainValuesIsDecidedHere() {
        assertThat(list.accept(Map.of(), query(), query())).isTrue();
        assertThat(list.accept(Map.of(), query("per_page", "100", "include", "property,applicant,original_requester",
                "cursor", "bnwxNzQ1OTM0OTkxMDAwMDAwfG9yZA.3kF9aQ"), query())).isTrue();
        assertThat(list.accept(Map.of(), query("per_page", "1"), query())).isTrue();
    }

    /** Out of bounds, or spelt in a way the general validator might read otherwise: it decides. */
    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "025", "+5", "-1", "1e1", "5.0", " 5", "", "abc", "9999999999"})
    void perPageValuesThatAreNotPlainAndInBoundsGoToTheGeneralValidator(String perPage) {
        assertThat(list.accept(Map.of(), query("per_page", perPage), query())).isFalse();
    }

    @Test
    void unknownRepeatedOverlongOrUnusualParametersGoToTheGeneralValidator() {
        assertThat(list.accept(Map.of(), query("page", "2"), query())).isFalse();
        assertThat(list.accept(Map.of(), query("Per_Page", "2"), query())).isFalse();
        assertThat(list.accept(Map.of(), ConvertibleMultiValues.of(Map.of("per_page", List.of("5", "6"))), query())).isFalse();
        assertThat(list.accept(Map.of(), query("include", "a".repeat(101)), query())).isFalse();
        assertThat(list.accept(Map.of(), query("include", "property applicant"), query())).isFalse();
        assertThat(list.accept(Map.of(), query("cursor", "abc=="), query())).isFalse();
        assertThat(list.accept(Map.of(), query("cursor", "ab\u0000c"), query())).isFalse();
    }

    @Test
    void pathValuesAreDecidedOnlyWhenPlainAndWithinTheirSchema() {
        assertThat(order.accept(Map.of("id", "ord_test_abc123"), query(), query())).isTrue();
        assertThat(order.accept(Map.of("id", "x".repeat(65)), query(), query())).isFalse();
        assertThat(order.accept(Map.of("id", "ord.1"), query(), query())).isFalse();
        assertThat(order.accept(Map.of(), query(), query())).isFalse();
        assertThat(order.accept(Map.of("id", "ord_test_abc123"), query("per_page", "5"), query())).isFalse();
    }

    @Test
    void aRequiredHeaderIsDecidedOnlyWhenGivenOnceVisibleAndWithinItsLengths() {
        assertThat(placeOrder.accept(Map.of(), query(), query("Idempotency-Key", "0b4f2a52-6f6c-4bb4-9e0b-2a5f1f8c9d11"))).isTrue();
        assertThat(placeOrder.accept(Map.of(), query("include", "property"), query("Idempotency-Key", "k"))).isTrue();
        assertThat(placeOrder.accept(Map.of(), query(), query())).isFalse();
        assertThat(placeOrder.accept(Map.of(), query(), query("Idempotency-Key", ""))).isFalse();
        assertThat(placeOrder.accept(Map.of(), query(), query("Idempotency-Key", "k".repeat(256)))).isFalse();
        assertThat(placeOrder.accept(Map.of(), query(), query("Idempotency-Key", "two words"))).isFalse();
        assertThat(placeOrder.accept(Map.of(), query(), query("Idempotency-Key", "cl\u00e9"))).isFalse();
        assertThat(placeOrder.accept(Map.of(), query(),
                ConvertibleMultiValues.of(Map.of("Idempotency-Key", List.of("a", "b"))))).isFalse();
    }

    /** A schema with a keyword the rules do not know (here a composition) has no rule, whatever else it says. */
    @Test
    void aParameterSchemaWithAnUnknownKeywordHasNoRule() {
        StringSchema plain = new StringSchema();
        plain.setMaxLength(10);
        assertThat(ContractOperations.Rule.of(plain, ContractOperations.Rule.PLAIN_HEADER)).isPresent();
        StringSchema composed = new StringSchema();
        composed.setMaxLength(10);
        composed.setAllOf(List.of(new StringSchema().pattern("^a")));
        assertThat(ContractOperations.Rule.of(composed, ContractOperations.Rule.PLAIN_HEADER)).isEmpty();
        StringSchema listed = new StringSchema();
        listed.setEnum(List.of("a"));
        assertThat(ContractOperations.Rule.of(listed, ContractOperations.Rule.PLAIN_HEADER)).isEmpty();
    }

    private static ConvertibleMultiValues<String> query(String... namesAndValues) {
        Map<CharSequence, List<String>> values = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            values.put(namesAndValues[i], Arrays.asList(namesAndValues[i + 1]));
        }
        return ConvertibleMultiValues.of(values);
    }
}
