package io.tenantscreening.conformance.billing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import io.tenantscreening.requesters.RequesterService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.List;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#billing and POST /orders, rule 9 (payer; a refused charge is 402 with one of
 * the codes of openapi.yaml#errors and creates nothing; test mode never charges), at the
 * prices of docs/operators.md#orders-and-screening, with the payment method states, the
 * invoiced organisations and the charges kept for the books of
 * docs/operators.md#the-operator-command-line. POST /orders, rules 3, 4, 5, 10 and 11 in
 * live mode: refused before anything is charged, since every check of stored state runs
 * before the gateway is asked (docs/design.md#the-order-and-its-charge).
 */
class BillingTest {

    /**
     * POST /orders, rule 9: a refused charge is 402 with its code, and nothing of the request
     * is kept; the refused attempt stays in charges (docs/operators.md#the-operator-command-line).
     */
    @ParameterizedTest(name = "{0} → 402 {1}")
    @CsvSource({"NONE,no_payment_method", "DECLINED,card_declined", "AUTH_REQUIRED,authentication_required"})
    void rule9ARefusedChargeIs402AndCreatesNoOrderApplicantPropertyOrRequester(PaymentMethod method, String code) {
        TestTenant tenant = TestTenant.create().billing(method, false);
        ObjectNode body = body();
        order(body).putObject("original_requester").put("external_id", "landlord-1").put("type", "business").put("name", "X");

        ApiResponse response = place(tenant.liveKey(), body);

        response.assertError(402, code);
        for (String table : List.of("orders", "applicants", "properties", "original_requesters")) {
            assertThat(TestDatabase.number("SELECT count(*) FROM " + table + " WHERE organization_id = ?", tenant.id()))
                    .as(table).isZero();
        }
        assertThat(TestDatabase.rows("SELECT status, refusal, order_id FROM charges WHERE organization_id = ?", tenant.id()))
                .as("the refused attempt, kept for the books").containsExactly(Arrays.asList("refused", code, null));
        assertThat(Api.get("/orders").key(tenant.liveKey()).send().json().get("count").asLong()).isZero();
    }

    /**
     * openapi.yaml#billing: a live order is charged once when it is created, at the price of
     * its package plus each add-on (docs/operators.md#orders-and-screening: complete 3500,
     * identity_verification 500, income_verification 1000 cents).
     */
    @Test
    void aLiveOrderIsChargedTheConfiguredPriceOfItsPackageAndAddOnsOnce() {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        ObjectNode body = body();
        order(body).put("package", "complete").putArray("add_on_products").add("identity_verification").add("income_verification");

        String order = place(tenant.liveKey(), body).json().get("id").asText();

        List<List<Object>> charges = TestDatabase.rows("SELECT order_id, amount_cents, currency, method, gateway, "
                + "gateway_reference FROM charges WHERE organization_id = ?", tenant.id());
        assertThat(charges).hasSize(1);
        List<Object> charge = charges.get(0);
        assertThat(charge.get(0)).isEqualTo(order);
        assertThat(((Number) charge.get(1)).longValue()).isEqualTo(3500 + 500 + 1000);
        assertThat(charge.subList(2, 5)).containsExactly("usd", "card", "builtin");
        assertThat(charge.get(5)).isNotNull();
    }

    /** openapi.yaml#billing: an organisation billed on invoice needs no card and never gets a 402. */
    @Test
    void anInvoicedOrganisationIsBilledOnItsInvoiceWithoutACard() {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.NONE, true);

        ApiResponse response = place(tenant.liveKey(), body());

        assertThat(response.status()).isEqualTo(201);
        assertThat(TestDatabase.rows("SELECT method, amount_cents FROM charges WHERE order_id = ?",
                response.json().get("id").asText()).get(0)).containsExactly("invoice", 2500L);
    }

    /** openapi.yaml#billing: with payer applicant the organisation is not charged. */
    @Test
    void payerApplicantInLiveModeCreatesTheOrderWithoutCharging() {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.NONE, false);
        ObjectNode body = body();
        order(body).put("payer", "applicant");

        ApiResponse response = place(tenant.liveKey(), body);

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("payer").asText()).isEqualTo("applicant");
        assertThat(TestDatabase.number("SELECT count(*) FROM charges WHERE organization_id = ?", tenant.id())).isZero();
    }

    /** POST /orders, rule 9: payer applicant in test mode is 422 on /order/payer. */
    @Test
    void payerApplicantIsRefusedInTestMode() {
        TestTenant tenant = TestTenant.create();
        ObjectNode body = body();
        order(body).put("payer", "applicant");

        assertPointers(place(tenant.testKey(), body).assertValidationErrors(), "/order/payer");
    }

    /** POST /orders, rule 9: payer applicant for an organisation billed on invoice is 422 on /order/payer. */
    @Test
    void payerApplicantIsRefusedForInvoicedOrganisations() {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, true);
        ObjectNode body = body();
        order(body).put("payer", "applicant");

        assertPointers(place(tenant.liveKey(), body).assertValidationErrors(), "/order/payer");
        assertThat(TestDatabase.number("SELECT count(*) FROM orders WHERE organization_id = ?", tenant.id())).isZero();
    }

    @Test
    void payerOrganizationIsTheExplicitDefault() {
        TestTenant tenant = TestTenant.create();
        ObjectNode body = body();
        order(body).put("payer", "organization");

        assertThat(place(tenant.testKey(), body).json().get("payer").asText()).isEqualTo("organization");
    }

    /** openapi.yaml#billing: test mode never charges and never answers 402, whatever the payment method. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"NONE", "DECLINED", "AUTH_REQUIRED"})
    void testModeNeverChargesAndNeverAnswers402(PaymentMethod method) {
        TestTenant tenant = TestTenant.create().billing(method, false);

        ApiResponse response = place(tenant.testKey(), body());

        assertThat(response.status()).isEqualTo(201);
        assertThat(TestDatabase.number("SELECT count(*) FROM charges WHERE organization_id = ?", tenant.id())).isZero();
    }

    /**
     * POST /orders, rule 4: in live mode with a card, an applicant already attached to an
     * order is refused with 422 before the charge, so the organisation's charges and the
     * gateway's payments stay exactly as they were (no charge and refund of a refused request).
     */
    @Test
    void rule4AnAttachedApplicantInLiveModeIs422AndChargesNothing() {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String applicant = Api.get("/orders/" + placed(tenant.liveKey(), body())).key(tenant.liveKey()).send().json()
                .get("applicant_id").asText();
        List<List<Object>> charges = charges(tenant);
        List<List<Object>> payments = gatewayPayments(tenant);
        ObjectNode body = OrderRequests.withApplicantId(applicant);

        assertPointers(place(tenant.liveKey(), body).assertValidationErrors(), "/order/applicant_id");

        assertThat(charges(tenant)).as("the charges of the first order only").hasSize(1).isEqualTo(charges);
        assertThat(gatewayPayments(tenant)).isEqualTo(payments);
        assertThat(TestDatabase.number("SELECT count(*) FROM orders WHERE organization_id = ?", tenant.id())).isEqualTo(1);
    }

    /** A record named by id that the organisation's live key may not use in an order. */
    enum UnusableReference {
        PROPERTY_OF_ANOTHER_ORGANISATION, PROPERTY_OF_TEST_MODE, APPLICANT_OF_ANOTHER_ORGANISATION,
        APPLICANT_OF_TEST_MODE, REQUESTER_OF_ANOTHER_ORGANISATION, DEACTIVATED_REQUESTER
    }

    /**
     * POST /orders, rules 3, 4 and 5: in live mode with a card, a property, applicant or
     * requester that the database alone would also refuse (another tenant's, or a deactivated
     * requester) is 404 before anything is charged: no charge row, no gateway payment.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(UnusableReference.class)
    void rules3To5AnUnusableReferenceInLiveModeIs404AndChargesNothing(UnusableReference reference) {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        TestTenant other = TestTenant.create().billing(PaymentMethod.OK, false);
        ObjectNode body = body();
        switch (reference) {
            case PROPERTY_OF_ANOTHER_ORGANISATION -> withProperty(body, propertyOf(other.liveKey()));
            case PROPERTY_OF_TEST_MODE -> withProperty(body, propertyOf(tenant.testKey()));
            case APPLICANT_OF_ANOTHER_ORGANISATION ->
                    body = OrderRequests.withApplicantId(OrderRequests.unattachedApplicant(other, Mode.LIVE));
            case APPLICANT_OF_TEST_MODE ->
                    body = OrderRequests.withApplicantId(OrderRequests.unattachedApplicant(tenant, Mode.TEST));
            case REQUESTER_OF_ANOTHER_ORGANISATION -> order(body).put("original_requester_id", requesterOf(other.liveKey()));
            case DEACTIVATED_REQUESTER -> {
                String requester = requesterOf(tenant.testKey());
                TestServer.bean(RequesterService.class).deactivate(requester);
                order(body).put("original_requester_id", requester);
            }
        }

        place(tenant.liveKey(), body).assertError(404, "not_found_error");

        assertThat(charges(tenant)).isEmpty();
        assertThat(gatewayPayments(tenant)).isEmpty();
    }

    /** A screening policy that a live order may not use, or whose needs the request does not meet. */
    enum UnusablePolicy {
        UNKNOWN, OF_ANOTHER_ORGANISATION, OF_TEST_MODE, ARCHIVED, RATIO_WITHOUT_RENT, DEFAULT_WITH_RATIO_WITHOUT_RENT
    }

    /**
     * POST /orders, rules 10 and 11: in live mode with a card, a policy unknown, of another
     * organisation or of test mode (404), an archived one (422), or a policy with an income
     * ratio, named or the default, without monthly_rent (422) is refused before anything is
     * charged: no charge row, no gateway payment, no order.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(UnusablePolicy.class)
    void rules10And11AnUnusablePolicyInLiveModeIsRefusedAndChargesNothing(UnusablePolicy policy) {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();
        ObjectNode body = body();
        switch (policy) {
            case UNKNOWN -> order(body).put("screening_policy_id", "pol_000000000000000000000000");
            case OF_ANOTHER_ORGANISATION -> order(body).put("screening_policy_id",
                    Policies.create(TestTenant.create().liveKey(), "{}"));
            case OF_TEST_MODE -> order(body).put("screening_policy_id", Policies.create(tenant.testKey(), "{}"));
            case ARCHIVED -> {
                String archived = Policies.create(liveKey, "{}");
                Api.post("/screening_policies/" + archived + "/archive").key(liveKey).send();
                order(body).put("screening_policy_id", archived);
            }
            case RATIO_WITHOUT_RENT -> order(body).put("screening_policy_id",
                    Policies.create(liveKey, "{\"min_income_to_rent_ratio\": 2.5}"));
            case DEFAULT_WITH_RATIO_WITHOUT_RENT -> Policies.create(liveKey, "Default", "{\"min_income_to_rent_ratio\": 2.5}", true);
        }

        ApiResponse response = place(liveKey, body);

        switch (policy) {
            case UNKNOWN, OF_ANOTHER_ORGANISATION, OF_TEST_MODE -> response.assertError(404, "not_found_error");
            case ARCHIVED -> assertPointers(response.assertValidationErrors(), "/order/screening_policy_id");
            case RATIO_WITHOUT_RENT, DEFAULT_WITH_RATIO_WITHOUT_RENT ->
                    assertPointers(response.assertValidationErrors(), "/order/monthly_rent");
        }
        assertThat(charges(tenant)).isEmpty();
        assertThat(gatewayPayments(tenant)).isEmpty();
        assertThat(TestDatabase.number("SELECT count(*) FROM orders WHERE organization_id = ?", tenant.id())).isZero();
    }

    private static List<List<Object>> charges(TestTenant tenant) {
        return TestDatabase.rows("SELECT id, status, order_id, refusal FROM charges WHERE organization_id = ? ORDER BY id",
                tenant.id());
    }

    private static List<List<Object>> gatewayPayments(TestTenant tenant) {
        return TestDatabase.rows("SELECT reference, outcome, refunded_at FROM builtin_gateway_payments "
                + "WHERE organization_id = ? ORDER BY reference", tenant.id());
    }

    private static String propertyOf(String key) {
        return Api.post("/properties").key(key).json("{\"property\": {\"street\": \"1 Pine Road\", \"city\": \"Reno\", "
                + "\"state\": \"NV\", \"zipcode\": \"89501\"}}").send().json().get("id").asText();
    }

    /** A requester registered by an order placed with this key (requesters have no test infix, so either mode does). */
    private static String requesterOf(String key) {
        ObjectNode body = body();
        order(body).putObject("original_requester").put("external_id", "landlord-1").put("type", "business").put("name", "X");
        return place(key, body).json().get("original_requester_id").asText();
    }

    private static void withProperty(ObjectNode body, String propertyId) {
        order(body).remove("property");
        order(body).put("property_id", propertyId);
    }
}
