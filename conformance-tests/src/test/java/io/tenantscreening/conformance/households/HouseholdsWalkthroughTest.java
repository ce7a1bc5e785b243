package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.Waits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#households, run against the build: the guide's requests in its order,
 * with its bodies, each answer as the guide shows it (POST /rental_applications, rule 6;
 * GET /rental_applications/{id}, rules 2 and 3; GET /rental_applications, rule 2;
 * POST /rental_applications/{id}/members/{order_id}/remove, rule 1; POST
 * /rental_applications/{id}/members, rule 3; POST /rental_applications/{id}/cancel, rules 1
 * and 2; the household's events in their order). Each member's
 * own report keeps its own recommendation, measured against the rent alone
 * (openapi.yaml#household-decisions), and the adverse action for the household is one, on
 * the order of the member whose report the decision rests on
 * (openapi.yaml#adverse-action-for-a-household; FCRA section 615(a), 15 U.S.C. § 1681m(a):
 * the notice goes to the consumer whose report the action is based on).
 */
@ExtendWith(FreshTenants.class)
class HouseholdsWalkthroughTest {

    private static final String POLICY = """
            {"screening_policy": {"name": "Households", "criteria": {"min_income_to_rent_ratio": 3,
             "min_guarantor_income_to_rent_ratio": 1.5, "max_evictions": 0}}}""";
    private static final String HOUSEHOLD = """
            {"rental_application": {"package": "complete", "add_on_products": ["income_verification"],
             "property": {"street": "12 Oak Street", "city": "Austin", "state": "TX", "zipcode": "78701"},
             "monthly_rent": 300000, "screening_policy_id": "%s",
             "members": [
               {"role": "applicant", "applicant": {"email": "morgan.diaz@example.com", "first_name": "Morgan",
                "last_name": "Diaz", "ssn": "123-45-0000"}},
               {"role": "co_applicant", "applicant": {"email": "lee.chen@example.com", "first_name": "Lee",
                "last_name": "Chen", "ssn": "123-45-0001"}},
               {"role": "guarantor", "applicant": {"email": "ana.diaz@example.com", "first_name": "Ana",
                "last_name": "Diaz", "ssn": "123-45-0006"}}]}}""";

    private static final String PAT = """
            {"member": {"role": "guarantor", "applicant": {"email": "pat.diaz@example.com", "first_name": "Pat",
             "last_name": "Diaz", "ssn": "123-45-0000"}}}""";

    @Fresh
    private String key;

    @Test
    void theGuidesHouseholdRunsAsItSays() {
        ApiResponse policy = Api.post("/screening_policies").key(key).json(POLICY).send();
        assertThat(policy.status()).as(policy.body()).isEqualTo(201);
        String policyId = policy.json().get("id").asText();

        ApiResponse created = Api.post("/rental_applications").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json(HOUSEHOLD.formatted(policyId)).send();
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode household = created.json();
        String id = household.get("id").asText();
        assertThat(id).startsWith("rap_test_");
        assertThat(household.get("live_mode").asBoolean()).isFalse();
        assertThat(household.get("status").asText()).isEqualTo("collecting");
        assertThat(household.get("package").asText()).isEqualTo("complete");
        assertThat(household.get("add_on_products").get(0).asText()).isEqualTo("income_verification");
        assertThat(household.get("payer").asText()).isEqualTo("organization");
        assertThat(household.get("screening_policy_id").asText()).isEqualTo(policyId);
        assertThat(household.get("monthly_rent").asLong()).isEqualTo(300000);
        assertThat(household.get("recommendation").isNull()).isTrue();
        assertThat(household.get("members").findValuesAsText("role")).containsExactly("applicant", "co_applicant", "guarantor");
        assertThat(household.get("members").findValuesAsText("order_status")).containsOnly("pending");
        List<String> orders = household.get("members").findValuesAsText("order_id");
        String morgan = orders.get(0);
        String lee = orders.get(1);
        String ana = orders.get(2);

        JsonNode read = Waits.await("the household's orders completed").until(
                () -> Api.get("/rental_applications/" + id + "?include=orders").key(key).send().json(),
                answer -> answer.get("members").findValuesAsText("order_status").stream().allMatch("completed"::equals));
        for (JsonNode member : read.get("members")) {
            assertThat(member.get("order").get("object").asText()).isEqualTo("order");
            assertThat(member.get("order").get("id").asText()).isEqualTo(member.get("order_id").asText());
            assertThat(member.get("order").get("rental_application_id").asText()).isEqualTo(id);
        }
        assertThat(ownDecision(morgan)).isEqualTo("conditional");
        assertThat(ownDecision(lee)).isEqualTo("decline");
        assertThat(ownDecision(ana)).isEqualTo("review");

        JsonNode listed = Api.get("/rental_applications?include=orders&per_page=10").key(key).send().json();
        assertThat(listed.get("count").asLong()).isEqualTo(1);
        assertThat(listed.get("data").get(0).get("id").asText()).isEqualTo(id);
        assertThat(listed.get("data").get(0).get("members").get(1).get("order").get("id").asText()).isEqualTo(lee);

        JsonNode completed = Households.awaitStatus(key, id, "completed");
        JsonNode declined = completed.get("recommendation");
        assertThat(declined.get("decision").asText()).isEqualTo("decline");
        assertThat(declined.get("reasons")).hasSize(1);
        assertThat(declined.get("reasons").get(0).get("code").asText()).isEqualTo("evictions_above_maximum");
        assertThat(declined.get("reasons").get(0).get("order_ids").get(0).asText()).isEqualTo(lee);
        assertThat(declined.get("income").get("required_monthly_income").asLong()).isEqualTo(900000);
        assertThat(declined.get("income").get("pooled_monthly_income").asLong()).isEqualTo(1040000);
        assertThat(declined.get("income").get("covered_by_order_id").isNull()).isTrue();

        JsonNode withoutLee = Api.post("/rental_applications/" + id + "/members/" + lee + "/remove").key(key).send().json();
        assertThat(withoutLee.get("status").asText()).isEqualTo("completed");
        assertThat(withoutLee.get("members").get(1).get("removed_at").isNull()).isFalse();
        assertThat(withoutLee.get("members").get(1).get("order_status").asText()).isEqualTo("completed");
        JsonNode conditional = withoutLee.get("recommendation");
        assertThat(conditional.get("decision").asText()).isEqualTo("conditional");
        assertThat(conditional.get("reasons").get(0).get("code").asText()).isEqualTo("income_below_ratio");
        assertThat(conditional.get("reasons").get(0).get("order_ids").get(0).asText()).isEqualTo(morgan);
        assertThat(conditional.get("income").get("pooled_monthly_income").asLong()).isEqualTo(520000);

        ApiResponse added = Api.post("/rental_applications/" + id + "/members").key(key)
                .header("Idempotency-Key", UUID.randomUUID().toString()).json(PAT).send();
        assertThat(added.status()).as(added.body()).isEqualTo(201);
        assertThat(added.json().get("status").asText()).isEqualTo("collecting");
        assertThat(added.json().get("recommendation").isNull()).isTrue();
        assertThat(added.json().get("completed_at").isNull()).isTrue();
        JsonNode pat = added.json().get("members").get(3);
        assertThat(pat.get("role").asText()).isEqualTo("guarantor");
        JsonNode accepted = Households.awaitStatus(key, id, "completed").get("recommendation");
        assertThat(accepted.get("decision").asText()).isEqualTo("accept");
        assertThat(accepted.get("reasons")).isEmpty();
        assertThat(accepted.get("income").get("covered_by_order_id").asText()).isEqualTo(pat.get("order_id").asText());

        assertThat(Api.post("/rental_applications/" + id + "/cancel").key(key).send().json().get("status").asText())
                .isEqualTo("canceled");
        ApiResponse again = Api.post("/rental_applications/" + id + "/cancel").key(key).send();
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.json().get("errors").get(0).get("source").get("parameter").asText()).isEqualTo("id");

        JsonNode events = Api.get("/events?per_page=100").key(key).send().json();
        List<String> types = new ArrayList<>();
        events.get("data").forEach(event -> {
            if (event.get("type").asText().startsWith("rental_application.")) {
                types.add(0, event.get("type").asText());
            }
        });
        assertThat(types).containsExactly("rental_application.completed", "rental_application.member_added",
                "rental_application.completed", "rental_application.canceled");

        ApiResponse adverse = Api.post("/adverse_actions").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json("{\"adverse_action\": {\"order_id\": \"" + lee
                        + "\", \"decision\": \"decline\", \"reasons\": [\"evictions_above_maximum\"]}}").send();
        assertThat(adverse.status()).as(adverse.body()).isEqualTo(201);
        assertThat(adverse.json().get("object").asText()).isEqualTo("adverse_action");
        assertThat(adverse.json().get("order_id").asText()).isEqualTo(lee);
        assertThat(adverse.json().get("decision").asText()).isEqualTo("decline");
        assertThat(adverse.json().get("status").asText()).isEqualTo("completed");
    }

    /** The decision of the member's own report, measured against the rent alone. */
    private String ownDecision(String orderId) {
        return Api.get("/orders/" + orderId + "/report").key(key).send().json().get("recommendation").get("decision").asText();
    }
}
