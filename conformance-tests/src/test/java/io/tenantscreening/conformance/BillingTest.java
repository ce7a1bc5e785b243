package io.tenantscreening.conformance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;

import static io.tenantscreening.conformance.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed: POST /orders (rule 9, payer), Errors (402 codes), Order (payer); decisions: Billing
 * (gateway states, price list, stored charges, invoiced organisations), Test mode (no charge).
 */
class BillingTest {

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

    @Test
    void anInvoicedOrganisationIsBilledOnItsInvoiceWithoutACard() {
        TestTenant tenant = TestTenant.create().billing(PaymentMethod.NONE, true);

        ApiResponse response = place(tenant.liveKey(), body());

        assertThat(response.status()).isEqualTo(201);
        assertThat(TestDatabase.rows("SELECT method, amount_cents FROM charges WHERE order_id = ?",
                response.json().get("id").asText()).get(0)).containsExactly("invoice", 2500L);
    }

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

    @Test
    void payerApplicantIsRefusedInTestMode() {
        TestTenant tenant = TestTenant.create();
        ObjectNode body = body();
        order(body).put("payer", "applicant");

        assertPointers(place(tenant.testKey(), body).assertValidationErrors(), "/order/payer");
    }

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

    @ParameterizedTest(name = "{0}")
    @CsvSource({"NONE", "DECLINED", "AUTH_REQUIRED"})
    void testModeNeverChargesAndNeverAnswers402(PaymentMethod method) {
        TestTenant tenant = TestTenant.create().billing(method, false);

        ApiResponse response = place(tenant.testKey(), body());

        assertThat(response.status()).isEqualTo(201);
        assertThat(TestDatabase.number("SELECT count(*) FROM charges WHERE organization_id = ?", tenant.id())).isZero();
    }
}
