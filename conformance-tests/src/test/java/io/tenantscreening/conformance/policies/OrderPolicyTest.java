package io.tenantscreening.conformance.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /orders, rules 10 and 11 (screening_policy_id and monthly_rent), rule 7 (the body
 * comparison of a reused key covers them), and Order (screening_policy_id: the policy
 * named, else the default when the order was placed; monthly_rent as given). That a live
 * refusal comes before the charge: BillingTest; that a placement taken over keeps both
 * members: ChargeCrashTest.
 */
@ExtendWith(FreshTenants.class)
class OrderPolicyTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** POST /orders, rule 10: the policy named, and the rent given, are the order's, in every answer that shows it. */
    @Test
    void anOrderKeepsThePolicyItNamesAndItsRent() {
        String policy = Policies.create(key, "{\"min_credit_score\": 600}");
        ObjectNode body = body();
        order(body).put("screening_policy_id", policy).put("monthly_rent", 150_000);

        JsonNode created = place(key, body).json();

        assertThat(created.get("screening_policy_id").asText()).isEqualTo(policy);
        assertThat(created.get("monthly_rent").asLong()).isEqualTo(150_000);
        String id = created.get("id").asText();
        JsonNode read = Api.get("/orders/" + id).key(key).send().json();
        assertThat(read.get("screening_policy_id").asText()).isEqualTo(policy);
        assertThat(read.get("monthly_rent").asLong()).isEqualTo(150_000);
        JsonNode listed = Api.get("/orders").key(key).send().json().get("data").get(0);
        assertThat(listed.get("id").asText()).isEqualTo(id);
        assertThat(listed.get("screening_policy_id").asText()).isEqualTo(policy);
        assertThat(listed.get("monthly_rent").asLong()).isEqualTo(150_000);
    }

    /** POST /orders, rule 10: without screening_policy_id and without a default, no policy applies. */
    @Test
    void withoutPolicyOrDefaultBothMembersAreNull() {
        Policies.create(key, "{}");

        JsonNode created = place(key, body()).json();

        assertThat(created.get("screening_policy_id").isNull()).isTrue();
        assertThat(created.get("monthly_rent").isNull()).isTrue();
        ObjectNode withRent = body();
        order(withRent).put("monthly_rent", 99_000);
        JsonNode rentOnly = place(key, withRent).json();
        assertThat(rentOnly.get("screening_policy_id").isNull()).isTrue();
        assertThat(rentOnly.get("monthly_rent").asLong()).isEqualTo(99_000);
    }

    /** POST /orders, rule 10: without screening_policy_id the organisation's default of the mode applies, and the order shows it. */
    @Test
    void theDefaultAppliesWhenNoPolicyIsNamed() {
        String other = Policies.create(key, "{}");
        String standard = Policies.create(key, "Standard", "{\"max_evictions\": 0}", true);
        Policies.create(tenant.liveKey(), "Live default", "{}", true);

        JsonNode created = place(key, body()).json();

        assertThat(created.get("screening_policy_id").asText()).isEqualTo(standard);
        ObjectNode naming = body();
        order(naming).put("screening_policy_id", other);
        assertThat(place(key, naming).json().get("screening_policy_id").asText()).as("a named policy wins").isEqualTo(other);
    }

    /** POST /orders, rule 10: a new default, or the default archived, changes nothing for orders placed before. */
    @Test
    void anOrderKeepsItsPolicyWhenTheDefaultChangesOrItIsArchived() {
        String first = Policies.create(key, "First", "{}", true);
        String id = placed(key, body());
        String second = Policies.create(key, "Second", "{}", true);

        assertThat(Api.get("/orders/" + id).key(key).send().json().get("screening_policy_id").asText()).isEqualTo(first);
        assertThat(place(key, body()).json().get("screening_policy_id").asText()).isEqualTo(second);
        Api.post("/screening_policies/" + first + "/archive").key(key).send();
        assertThat(Api.get("/orders/" + id).key(key).send().json().get("screening_policy_id").asText()).isEqualTo(first);
        Api.post("/screening_policies/" + second + "/archive").key(key).send();
        assertThat(place(key, body()).json().get("screening_policy_id").isNull()).as("no default left").isTrue();
    }

    /**
     * POST /orders, rule 10 in live mode: the order gets the policy found when its key was
     * claimed (and its charge recorded), even when, while the gateway answers, another policy
     * becomes the default (one this request could not meet: it has an income ratio and the
     * request no rent) and the claimed one is archived.
     */
    @Test
    void aLiveOrderGetsThePolicyFoundWhenItWasClaimed() throws Exception {
        tenant.billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        String claimed = Policies.create(liveKey, "Claimed", "{}", true);
        CompletableFuture<ApiResponse> placing;
        try (Connection holder = TestDatabase.holdingGatewayPayments()) {
            placing = CompletableFuture.supplyAsync(() -> place(liveKey, body()));
            Screenings.awaitNumber("the placement's claim", 1, "SELECT count(*) FROM idempotency_keys WHERE organization_id = ?",
                    tenant.id());
            Policies.create(liveKey, "Later", "{\"min_income_to_rent_ratio\": 3}", true);
            Api.post("/screening_policies/" + claimed + "/archive").key(liveKey).send();
            holder.rollback();
        }

        ApiResponse placed = placing.join();

        assertThat(placed.status()).as(placed.body()).isEqualTo(201);
        assertThat(placed.json().get("screening_policy_id").asText()).isEqualTo(claimed);
    }

    /** POST /orders, rule 10: a policy unknown, of another organisation or of the other mode is 404. */
    @Test
    void aPolicyOfAnotherOrganisationOrModeIs404() {
        String foreign = Policies.create(TestTenant.create().testKey(), "{}");
        String live = Policies.create(tenant.liveKey(), "{}");

        for (String policy : new String[]{foreign, live, "pol_test_000000000000000000000000", "ord_test_x"}) {
            ObjectNode body = body();
            order(body).put("screening_policy_id", policy);

            place(key, body).assertError(404, "not_found_error");
        }
        assertThat(Api.get("/orders").key(key).send().json().get("count").asLong()).isZero();
    }

    /** POST /orders, rule 10: an archived policy is 422 with source.pointer /order/screening_policy_id. */
    @Test
    void anArchivedPolicyIsRefused() {
        String policy = Policies.create(key, "{}");
        Api.post("/screening_policies/" + policy + "/archive").key(key).send();
        ObjectNode body = body();
        order(body).put("screening_policy_id", policy);

        assertPointers(place(key, body).assertValidationErrors(), "/order/screening_policy_id");
        assertThat(Api.get("/orders").key(key).send().json().get("count").asLong()).isZero();
    }

    /** POST /orders, rule 11: the policy that applies (named, or the default) has a ratio: monthly_rent is required. */
    @ParameterizedTest(name = "policy named: {0}")
    @ValueSource(booleans = {true, false})
    void aPolicyWithAnIncomeRatioNeedsTheRent(boolean named) {
        String policy = Policies.create(key, "Ratio", "{\"min_income_to_rent_ratio\": 3}", !named);
        ObjectNode body = body();
        if (named) {
            order(body).put("screening_policy_id", policy);
        }

        JsonNode errors = place(key, body).assertValidationErrors();

        assertPointers(errors, "/order/monthly_rent");
        assertThat(Api.get("/orders").key(key).send().json().get("count").asLong()).isZero();
        order(body).put("monthly_rent", 150_000);
        assertThat(place(key, body).json().get("screening_policy_id").asText()).isEqualTo(policy);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "-5", "100000001", "1500.5", "\"150000\""})
    void aMonthlyRentOutsideItsBoundsIsRefused(String rent) {
        String body = body().toString().replace("\"package\"", "\"monthly_rent\": " + rent + ", \"package\"");

        ApiResponse response = Api.post("/orders").key(key).header("Idempotency-Key", UUID.randomUUID().toString()).json(body)
                .sendInvalid();

        assertPointers(response.assertValidationErrors(), "/order/monthly_rent");
    }

    /** POST /orders, rule 7: the same key with another screening_policy_id or monthly_rent is another request. */
    @Test
    void aReusedKeyWithAnotherPolicyOrRentIsRefused() {
        String liveKey = tenant.liveKey();
        String policy = Policies.create(liveKey, "{}");
        String other = Policies.create(liveKey, "{}");
        ObjectNode body = body();
        order(body).put("payer", "applicant").put("screening_policy_id", policy).put("monthly_rent", 150_000);
        String idempotencyKey = UUID.randomUUID().toString();
        JsonNode first = OrderRequests.post(liveKey, body, idempotencyKey).send().json();

        ObjectNode otherRent = body.deepCopy();
        order(otherRent).put("monthly_rent", 150_001);
        ObjectNode otherPolicy = body.deepCopy();
        order(otherPolicy).put("screening_policy_id", other);
        ObjectNode noRent = body.deepCopy();
        order(noRent).remove("monthly_rent");
        for (ObjectNode changed : new ObjectNode[]{otherRent, otherPolicy, noRent}) {
            JsonNode errors = OrderRequests.post(liveKey, changed, idempotencyKey).send().assertValidationErrors();
            assertThat(errors.get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        }
        ApiResponse replayed = OrderRequests.post(liveKey, body, idempotencyKey).send();
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayed.json()).isEqualTo(first);
        assertThat(first.get("screening_policy_id").asText()).isEqualTo(policy);
        assertThat(first.get("monthly_rent").asLong()).isEqualTo(150_000);
    }
}
