package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static io.tenantscreening.conformance.support.Households.application;
import static io.tenantscreening.conformance.support.Households.member;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The household decision of a completed rental application (openapi.yaml, Household
 * decisions under Rental applications, rules 1 to 6, and its table of test-mode examples):
 * each row of the table, run against the service.
 */
@ExtendWith(FreshTenants.class)
class HouseholdDecisionsTest {

    private static final String POLICY = "{\"min_income_to_rent_ratio\": 3, \"min_guarantor_income_to_rent_ratio\": 1.5, "
            + "\"max_evictions\": 0}";

    @Fresh
    private String key;

    /**
     * The contract's table of household examples: members (role:SSN ending, separated by
     * spaces), each member's own decision, the household's decision, its reasons
     * (code@member indexes) and the guarantor that covers the income (member index, or -).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            applicant:0000                                         | conditional                    | conditional | income_below_ratio@0                   | -
            applicant:0000 co_applicant:0000                       | conditional conditional        | accept      |                                        | -
            applicant:0000 guarantor:0000                          | conditional conditional        | accept      |                                        | 1
            applicant:0000 guarantor:0006                          | conditional review             | conditional | income_below_ratio@0                   | -
            applicant:0006 co_applicant:0000                       | review conditional             | review      | income_not_verified@0                  | -
            applicant:0001 co_applicant:0000 guarantor:0000        | decline conditional conditional | decline    | evictions_above_maximum@0              | -
            applicant:0000 guarantor:0001                          | conditional decline            | decline     | evictions_above_maximum@1              | 1
            """)
    void theContractsHouseholdExamples(String members, String ownDecisions, String decision, String reasons, String coveredBy) {
        String policy = Policies.create(key, POLICY);
        ObjectNode body = Households.body();
        application(body).put("package", "complete").put("monthly_rent", 300000).put("screening_policy_id", policy)
                .putArray("add_on_products").add("income_verification");
        int index = 0;
        for (String member : members.trim().split(" +")) {
            String[] parts = member.split(":");
            member(body, parts[0], "m" + index++, parts[1]);
        }
        String id = Households.created(key, body).get("id").asText();

        JsonNode completed = Households.awaitStatus(key, id, "completed");

        List<String> orderIds = new ArrayList<>();
        completed.get("members").forEach(member -> orderIds.add(member.get("order_id").asText()));
        List<String> own = new ArrayList<>();
        orderIds.forEach(order -> own.add(Screenings.report(key, order).get("recommendation").get("decision").asText()));
        assertThat(String.join(" ", own)).isEqualTo(ownDecisions.trim());
        JsonNode recommendation = completed.get("recommendation");
        assertThat(recommendation.get("decision").asText()).isEqualTo(decision.trim());
        assertThat(recommendation.get("policy_id").asText()).isEqualTo(policy);
        List<String> expected = new ArrayList<>();
        if (reasons != null) {
            for (String reason : reasons.trim().split(" +")) {
                String[] parts = reason.split("@");
                expected.add(parts[0] + "@" + orderIds.get(Integer.parseInt(parts[1])));
            }
        }
        List<String> actual = new ArrayList<>();
        recommendation.get("reasons").forEach(reason -> actual.add(reason.get("code").asText() + "@"
                + String.join(",", texts(reason.get("order_ids")))));
        assertThat(actual).isEqualTo(expected);
        JsonNode income = recommendation.get("income");
        assertThat(income.get("required_monthly_income").asLong()).isEqualTo(900000);
        assertThat(income.get("covered_by_order_id").isNull() ? "-" : String.valueOf(orderIds.indexOf(
                income.get("covered_by_order_id").asText()))).isEqualTo(coveredBy.trim());
    }

    /** GET /rental_applications/{id}, rule 3: an application without a policy has no recommendation, completed or not. */
    @Test
    void noPolicyNoRecommendation() {
        String id = Households.created(key, member(Households.body(), "applicant", "solo", null)).get("id").asText();

        assertThat(Households.awaitStatus(key, id, "completed").get("recommendation").isNull()).isTrue();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(element -> texts.add(element.asText()));
        return texts;
    }
}
