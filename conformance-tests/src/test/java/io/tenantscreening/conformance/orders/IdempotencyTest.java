package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.post;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /orders, rules 7 and 8 (openapi.yaml#idempotency, docs/integrators.md#idempotency):
 * the Idempotency-Key header is required, 1 to 255 characters; in live mode a key names one
 * attempt for ever, under the protocol of docs/design.md#the-idempotent-request; in test
 * mode it never deduplicates. A test named ruleN… checks that rule of POST /orders.
 */
@ExtendWith(FreshTenants.class)
class IdempotencyTest {

    private static final String REPLAYED = "Idempotent-Replayed";

    @Fresh(cardOnFile = true)
    private TestTenant tenant;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    /** openapi.yaml#idempotency: POST /orders requires the header. */
    @Test
    void theHeaderIsRequired() {
        ApiResponse response = Api.post("/orders").key(liveKey).json(body().toString()).sendInvalid();

        assertThat(response.assertValidationErrors().get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
    }

    /** openapi.yaml#idempotency: a key is 1 to 255 characters. */
    @Test
    void aKeyOver255CharactersIs422AndOf255IsAccepted() {
        ApiResponse tooLong = post(liveKey, body(), "k".repeat(256)).sendInvalid();
        ApiResponse longest = post(liveKey, body(), "k".repeat(255)).send();

        assertThat(tooLong.assertValidationErrors().get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        assertThat(longest.status()).isEqualTo(201);
    }

    @Test
    void rule7ReusingAKeyReplaysTheOriginalOrderAndCreatesAndChargesNothingNew() {
        String key = UUID.randomUUID().toString();
        ApiResponse first = post(liveKey, body(), key).send();

        ApiResponse again = post(liveKey, body(), key).send();

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header(REPLAYED)).isNull();
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header(REPLAYED)).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(orderCount()).isEqualTo(1);
        assertThat(chargeCount()).isEqualTo(1);
    }

    @Test
    void rule7TheReplayCarriesTheOrderAsItWasWhenCreated() {
        String key = UUID.randomUUID().toString();
        JsonNode created = post(liveKey, body(), key).send().json();
        Api.post("/orders/" + created.get("id").asText() + "/cancel").key(liveKey).send();

        ApiResponse again = post(liveKey, body(), key).send();

        assertThat(again.json()).isEqualTo(created);
        assertThat(again.json().get("status").asText()).isEqualTo("waiting_for_applicant");
    }

    @Test
    void rule7TheSameBodyWrittenDifferentlyIsTheSameRequest() {
        String key = UUID.randomUUID().toString();
        ObjectNode body = body();
        order(body).putArray("add_on_products").add("identity_verification").add("income_verification");
        post(liveKey, body, key).send();
        String reordered = "{ \"order\" : { \"add_on_products\": [\"income_verification\", \"identity_verification\"],"
                + " \"applicant\": {\"last_name\": \"Rivera\", \"first_name\": \"Jamie\", \"email\": \"jamie.rivera@example.com\"},"
                + " \"property\": {\"zipcode\": \"78701\", \"state\": \"TX\", \"city\": \"Austin\", \"street\": \"12 Oak Street\"},"
                + " \"package\": \"essential\" } }";

        ApiResponse again = Api.post("/orders").key(liveKey).header("Idempotency-Key", key).json(reordered).send();

        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header(REPLAYED)).isEqualTo("true");
    }

    @Test
    void rule7NullAndAbsentOptionalMembersAreTheSameRequest() {
        String key = UUID.randomUUID().toString();
        ObjectNode absent = body();
        order(absent).putObject("original_requester").put("external_id", "l-1").put("type", "business").put("name", "L");
        ObjectNode explicitNull = absent.deepCopy();
        ((ObjectNode) order(explicitNull).get("original_requester")).putNull("unit");
        ((ObjectNode) order(explicitNull).get("property")).putNull("name");
        post(liveKey, absent, key).send();

        ApiResponse again = post(liveKey, explicitNull, key).send();

        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header(REPLAYED)).isEqualTo("true");
    }

    /**
     * POST /orders, rule 7: a replay carries the order's own members as they were, its
     * application_url included, with what its own include names embedded as it is now; the
     * stored answer holds neither the link nor the applicant's details
     * (docs/design.md#secrets-at-rest).
     */
    @Test
    void rule7AReplayEmbedsWhatItsOwnIncludeNamesAndStoresNoPersonalDataOrLink() {
        String key = UUID.randomUUID().toString();
        JsonNode first = post(liveKey, body(), key).send().json();

        JsonNode again = post(liveKey, body(), key, "?include=applicant").send().json();

        assertThat(again.get("applicant").get("email").asText()).isEqualTo("jamie.rivera@example.com");
        assertThat(again.get("application_url").asText()).isEqualTo(first.get("application_url").asText());
        assertThat(again.get("id").asText()).isEqualTo(first.get("id").asText());
        String stored = (String) TestDatabase.rows("SELECT response_body FROM idempotency_keys WHERE organization_id = ?",
                tenant.id()).get(0).get(0);
        assertThat(stored).contains(first.get("id").asText()).doesNotContain("/apply/").doesNotContain("jamie.rivera");
    }

    @Test
    void rule7AReplayAnswersWhatWasStoredEvenWhenTheOrderWouldNowBeRefused() {
        String key = UUID.randomUUID().toString();
        ObjectNode paidByApplicant = body();
        order(paidByApplicant).put("payer", "applicant");
        ApiResponse created = post(liveKey, paidByApplicant, key).send();
        tenant.billing(PaymentMethod.OK, true);

        ApiResponse replayed = post(liveKey, paidByApplicant, key).send();

        assertThat(created.status()).isEqualTo(201);
        assertThat(replayed.status()).isEqualTo(201);
        assertThat(replayed.header(REPLAYED)).isEqualTo("true");
        assertThat(replayed.json()).isEqualTo(created.json());
        assertThat(orderCount()).isEqualTo(1);
    }

    @Test
    void rule7TheSameKeyWithADifferentBodyIs422OnTheHeader() {
        String key = UUID.randomUUID().toString();
        post(liveKey, body(), key).send();
        ObjectNode other = body();
        order(other).put("package", "complete");

        ApiResponse response = post(liveKey, other, key).send();

        JsonNode errors = response.assertValidationErrors();
        assertThat(errors.get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        assertThat(orderCount()).isEqualTo(1);
    }

    @Test
    void rule7AnotherSsnIsADifferentBody() {
        String key = UUID.randomUUID().toString();
        ObjectNode body = body();
        applicant(body).put("ssn", "123-45-6789");
        post(liveKey, body, key).send();
        applicant(body).put("ssn", "123-45-6780");

        post(liveKey, body, key).send().assertValidationErrors();
    }

    @Test
    void rule7AndRule9A402IsStoredAndReplayedUntilANewKeyIsUsed() {
        tenant.billing(PaymentMethod.DECLINED, false);
        String key = UUID.randomUUID().toString();
        ApiResponse declined = post(liveKey, body(), key).send();
        tenant.billing(PaymentMethod.OK, false);

        ApiResponse replayed = post(liveKey, body(), key).send();
        ApiResponse fresh = post(liveKey, body(), UUID.randomUUID().toString()).send();

        declined.assertError(402, "card_declined");
        assertThat(declined.header(REPLAYED)).isNull();
        replayed.assertError(402, "card_declined");
        assertThat(replayed.header(REPLAYED)).isEqualTo("true");
        assertThat(replayed.json()).isEqualTo(declined.json());
        assertThat(fresh.status()).isEqualTo(201);
        assertThat(orderCount()).isEqualTo(1);
    }

    @Test
    void rule7ValidationErrorsAreNotStoredSoTheKeyRunsAgain() {
        String key = UUID.randomUUID().toString();
        ObjectNode invalid = body();
        applicant(invalid).put("phone_number", "+44 20 7946 0958");
        post(liveKey, invalid, key).send().assertValidationErrors();

        ApiResponse valid = post(liveKey, body(), key).send();

        assertThat(valid.status()).isEqualTo(201);
        assertThat(valid.header(REPLAYED)).isNull();
    }

    @Test
    void rule7NotFoundAnswersAreNotStoredSoTheKeyRunsAgain() {
        String key = UUID.randomUUID().toString();
        ObjectNode unknownProperty = body();
        order(unknownProperty).remove("property");
        order(unknownProperty).put("property_id", "pr_000000000000000000000000");
        post(liveKey, unknownProperty, key).send().assertError(404, "not_found_error");

        ApiResponse valid = post(liveKey, body(), key).send();

        assertThat(valid.status()).isEqualTo(201);
        assertThat(valid.header(REPLAYED)).isNull();
    }

    /**
     * POST /orders, rule 7 (a 5xx is not stored, so the same key runs again), with the
     * protocol of docs/design.md#the-idempotent-request (a failure ends the lease at once) and
     * docs/design.md#the-order-and-its-charge (an order is charged at most once).
     * The failed placement is left with its lease released, so the sweep of abandoned
     * placements (every 500 ms here) may resume it too. The failure stays injected while
     * the test checks that nothing was written, so no resumption can succeed then; once it
     * is lifted, either the retry re-executes the placement or the sweep did a moment
     * before and the retry is answered with that order. Either way the 500 is not replayed
     * and the money is taken once.
     */
    @Test
    void rule7AFailureAfterTheChargeIsNotStoredAndTheSameKeyFinishesTheOrderWithoutASecondCharge() {
        String key = UUID.randomUUID().toString();
        ObjectNode body = body();
        applicant(body).put("ssn", "987-65-4321");
        order(body).putObject("original_requester").put("external_id", "crm-1").put("type", "business").put("name", "Acme");
        try (OrderWriteFailure ignored = OrderWriteFailure.forOrganization(tenant.id());
             CapturedLogs logs = CapturedLogs.of("ROOT")) {
            ApiResponse failed = post(liveKey, body, key).send();

            failed.assertError(500, "internal_error");
            for (String table : List.of("orders", "applicants", "properties", "original_requesters")) {
                assertThat(TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id()))
                        .as(table).isZero();
            }
            assertThat(TestDatabase.rows("SELECT status FROM charges WHERE organization_id = ?", tenant.id()))
                    .as("the charge the gateway made, recorded before it was asked").containsExactly(List.of("pending"));
            assertThat(logs.lines()).as("the failure's log lines (with its request id), none showing the SSN")
                    .anyMatch(line -> line.contains(failed.header("Request-Id")))
                    .noneMatch(line -> line.contains("987-65-4321") || line.contains("987654321"));
        }

        ApiResponse again = post(liveKey, body, key).send();

        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header(REPLAYED)).as("re-executed by this request, or by the sweep just before it")
                .isIn(null, "true");
        assertThat(orderCount()).isEqualTo(1);
        assertThat(TestDatabase.rows("SELECT status, order_id FROM charges WHERE organization_id = ?", tenant.id()))
                .containsExactly(List.of("succeeded", again.json().get("id").asText()));
        assertThat(TestDatabase.number("SELECT count(*) FROM builtin_gateway_payments WHERE organization_id = ?", tenant.id()))
                .as("payments the gateway made").isEqualTo(1);
    }

    /** openapi.yaml#idempotency: a key is 1 to 255 characters, so an empty one is 422 and places nothing. */
    @Test
    void anEmptyKeyIs422OnTheHeader() {
        ApiResponse response = post(liveKey, body(), "").sendInvalid();

        assertThat(response.assertValidationErrors().get(0).get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        assertThat(orderCount()).isZero();
    }

    /** POST /orders, rule 7: a key is unique per organisation, so another organisation's same key is another attempt. */
    @Test
    void keysBelongToOneOrganisation() {
        String key = UUID.randomUUID().toString();
        TestTenant other = TestTenant.create().billing(PaymentMethod.OK, false);

        String mine = post(liveKey, body(), key).send().json().get("id").asText();
        ApiResponse theirs = post(other.liveKey(), body(), key).send();

        assertThat(theirs.header(REPLAYED)).isNull();
        assertThat(theirs.json().get("id").asText()).isNotEqualTo(mine);
    }

    @Test
    void rule8InTestModeTheSameKeyCreatesAnotherOrderEveryTime() {
        String testKey = tenant.testKey();
        String key = UUID.randomUUID().toString();

        ApiResponse first = post(testKey, body(), key).send();
        ApiResponse second = post(testKey, body(), key).send();
        ObjectNode other = body();
        order(other).put("package", "starter");
        ApiResponse third = post(testKey, other, key).send();

        assertThat(List.of(first.status(), second.status(), third.status())).containsOnly(201);
        assertThat(List.of(first.header(REPLAYED) == null, second.header(REPLAYED) == null, third.header(REPLAYED) == null))
                .containsOnly(true);
        assertThat(List.of(first.json().get("id").asText(), second.json().get("id").asText(), third.json().get("id").asText()))
                .doesNotHaveDuplicates()
                .allMatch(id -> id.startsWith("ord_test_"));
    }

    @Test
    void rule7TwentyConcurrentRequestsWithOneKeyCreateExactlyOneOrderAndOneCharge() throws Exception {
        String key = UUID.randomUUID().toString();

        List<ApiResponse> responses = Concurrently.send(20, client -> post(liveKey, body(), key).send());

        assertThat(responses).allMatch(response -> response.status() == 201);
        assertThat(responses.stream().map(response -> response.json().get("id").asText()).distinct()).hasSize(1);
        assertThat(responses.stream().filter(response -> response.header(REPLAYED) == null)).hasSize(1);
        assertThat(orderCount()).isEqualTo(1);
        assertThat(chargeCount()).isEqualTo(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM applicants WHERE organization_id = ?", tenant.id())).isEqualTo(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM builtin_gateway_payments WHERE organization_id = ?", tenant.id()))
                .as("payments the gateway made").isEqualTo(1);
    }

    /**
     * Makes the database refuse the order row of one organisation's live orders, which is
     * written after the card was charged (in the transaction that finishes the placement),
     * so the request fails with a 500 once the money was taken.
     */
    private static final class OrderWriteFailure implements AutoCloseable {

        private final String trigger;

        private OrderWriteFailure(String trigger) {
            this.trigger = trigger;
        }

        static OrderWriteFailure forOrganization(String organizationId) {
            String trigger = "fail_" + organizationId.toLowerCase(Locale.ROOT);
            TestDatabase.execute("CREATE FUNCTION " + trigger + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    + "IF NEW.organization_id = '" + organizationId + "' THEN RAISE EXCEPTION 'injected failure'; END IF; "
                    + "RETURN NEW; END $$");
            TestDatabase.execute("CREATE TRIGGER " + trigger + " BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION "
                    + trigger + "()");
            return new OrderWriteFailure(trigger);
        }

        @Override
        public void close() {
            TestDatabase.execute("DROP TRIGGER " + trigger + " ON orders");
            TestDatabase.execute("DROP FUNCTION " + trigger + "()");
        }
    }

    private long orderCount() {
        return TestDatabase.number("SELECT count(*) FROM orders WHERE organization_id = ?", tenant.id());
    }

    private long chargeCount() {
        return TestDatabase.number("SELECT count(*) FROM charges WHERE organization_id = ?", tenant.id());
    }
}
