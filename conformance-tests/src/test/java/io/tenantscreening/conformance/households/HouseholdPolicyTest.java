package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Households.application;
import static io.tenantscreening.conformance.support.Households.member;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The screening policy every member of a rental application shares (the schema's
 * RentalApplication.screening_policy_id: "of every member's order"), and the recommendation
 * the completed event carries.
 */
@ExtendWith(FreshTenants.class)
class HouseholdPolicyTest {

    private static final String RATIO = "{\"min_income_to_rent_ratio\": 3}";

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * POST /rental_applications/{id}/members, rule 3: a member added later gets the
     * application's own policy, even when it was archived since (an order placed alone would be
     * refused it).
     */
    @Test
    void aMemberAddedLaterKeepsTheApplicationsPolicyArchivedSince() {
        String policy = Policies.create(key, "{\"min_credit_score\": 600}");
        ObjectNode body = member(Households.body(), "applicant", "jamie", null);
        application(body).put("screening_policy_id", policy);
        String id = Households.created(key, body).get("id").asText();
        Api.post("/screening_policies/" + policy + "/archive").key(key).send();

        ApiResponse added = addGuarantor(id);

        assertThat(added.status()).as(added.body()).isEqualTo(201);
        assertThat(policyOfOrder(added.json().get("members").get(1))).isEqualTo(policy);
    }

    /**
     * POST /rental_applications/{id}/members, rule 3: an application without a policy gives
     * none to a member added later, though the organisation has a default by then (whose income
     * ratio would otherwise ask for a rent the application never had).
     */
    @Test
    void aMemberAddedLaterGetsNoDefaultTheApplicationNeverHad() {
        String id = Households.created(key, member(Households.body(), "applicant", "jamie", null)).get("id").asText();
        Policies.create(key, "Default", RATIO, true);

        ApiResponse added = addGuarantor(id);

        assertThat(added.status()).as(added.body()).isEqualTo(201);
        assertThat(added.json().get("screening_policy_id").isNull()).isTrue();
        assertThat(policyOfOrder(added.json().get("members").get(1))).isNull();
    }

    /** POST /rental_applications, rule 5: a policy with an income ratio needs the rent; nothing is created without it. */
    @Test
    void aRatioPolicyNeedsTheRent() {
        ObjectNode body = member(member(Households.body(), "applicant", "jamie", null), "co_applicant", "sam", null);
        application(body).put("screening_policy_id", Policies.create(key, RATIO));
        List<Object> before = applicationsAndOrders();

        ApiResponse refused = Households.create(key, body);

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("errors").get(0).get("source").get("pointer").asText())
                .isEqualTo("/rental_application/monthly_rent");
        assertThat(applicationsAndOrders()).isEqualTo(before);
    }

    /** The rental_application.completed event carries the recommendation as it was then (openapi.yaml#household-decisions). */
    @Test
    void theCompletedEventCarriesTheRecommendation() {
        ObjectNode body = member(Households.body(), "applicant", "jamie", "0001");
        application(body).put("screening_policy_id", Policies.create(key, "{\"max_evictions\": 0}"));
        String id = Households.created(key, body).get("id").asText();
        JsonNode completed = Households.awaitStatus(key, id, "completed");

        JsonNode event = Api.get("/events?type=rental_application.completed").key(key).send().json().get("data").get(0);

        assertThat(event.get("data").get("object").get("recommendation").get("decision").asText()).isEqualTo("decline");
        assertThat(event.get("data").get("object").get("recommendation")).isEqualTo(completed.get("recommendation"));
    }

    private ApiResponse addGuarantor(String id) {
        return Api.post("/rental_applications/" + id + "/members").key(key).header("Idempotency-Key", UUID.randomUUID().toString())
                .json(Households.memberInput("guarantor", "ana", null).toString().replaceFirst("^", "{\"member\": ") + "}").send();
    }

    private String policyOfOrder(JsonNode member) {
        JsonNode policy = Api.get("/orders/" + member.get("order_id").asText()).key(key).send().json().get("screening_policy_id");
        return policy.isNull() ? null : policy.asText();
    }

    private List<Object> applicationsAndOrders() {
        return TestDatabase.rows("SELECT (SELECT count(*) FROM rental_applications WHERE organization_id = ?), "
                + "(SELECT count(*) FROM orders WHERE organization_id = ?)", tenant.id(), tenant.id()).get(0);
    }
}
