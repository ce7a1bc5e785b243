package io.tenantscreening.conformance.payments;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApplicantPayments;
import io.tenantscreening.conformance.support.ApplicantPayments.Answer;
import io.tenantscreening.conformance.support.ApplicantPayments.PaidOrder;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.StripeApi;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.tenantscreening.conformance.support.ApplicantPayments.awaitPayment;
import static io.tenantscreening.conformance.support.ApplicantPayments.sendNotification;
import static io.tenantscreening.conformance.support.Pages.fields;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /orders/{id}/cancel, rule 6, and docs/operators.md#refunds-that-fail, through Stripe:
 * an instance started with PAYMENT_GATEWAY=stripe whose refunds go to the stand-in of
 * Stripe's API ({@link StripeApi}), which answers each refund as a test scripts it, in
 * Stripe's error shape. A refund Stripe refuses for good ends at once (no further request
 * to Stripe once its work is gone) with its outcome: charge_already_refunded is money back,
 * charge_disputed a failed refund with the order.payment_refund_failed event (the
 * contract's EventType, from 2026-11-28); a 429 or 5xx is asked again until the refund is
 * made; a refund.failed that Stripe sends after it accepted a refund is recorded once,
 * however often it comes.
 */
@StartsServiceProcesses
class StripeRefundsTest {

    private static final String REFUND_WORK = OrderLifecycle.PAYMENT_REFUND.getTaskName();
    private static ServiceProcess service;

    @BeforeAll
    static void startAnInstanceWithStripe() {
        service = ServiceProcess.start(StripeApi.serviceEnvironment("https://screening.example"));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.stop();
        }
    }

    @Test
    @DisplayName("POST /orders/{id}/cancel, rule 6: a refund of a disputed charge ends at once: refund_failed, one order.payment_refund_failed event, no further request to Stripe")
    void aRefusedRefundEndsWithItsOutcome() {
        String paymentIntent = "pi_disputed_" + UUID.randomUUID();
        PaidOrder order = paid(paymentIntent);
        StripeApi.scriptRefunds(paymentIntent, StripeApi.chargeDisputed());

        JsonNode canceled = Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send().json();

        assertThat(canceled.get("payment").get("status").asText()).isEqualTo("refunded");
        BackgroundWork.awaitDone(REFUND_WORK, order.id() + ":canceled");
        assertThat(refundRequests(paymentIntent)).hasSize(1);
        assertThat(TestDatabase.rows("SELECT refunded_at IS NULL, refund_failed_at IS NOT NULL, refund_failure, "
                + "refund_failure_message FROM applicant_checkouts WHERE order_id = ?", order.id()))
                .containsExactly(List.of(true, true, "charge_disputed", "Charge ch_standin has been charged back; cannot issue a refund."));
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("refund_failed");
        List<JsonNode> failed = refundFailedEvents(order);
        assertThat(failed).singleElement().satisfies(event -> {
            assertThat(event.get("data").get("object").get("id").asText()).isEqualTo(order.id());
            assertThat(event.get("data").get("object").get("payment").get("status").asText()).isEqualTo("refund_failed");
        });
        JsonNode listed = Api.get("/events?type=order.payment_refund_failed").key(order.key()).send().json();
        assertThat(listed.get("data")).extracting(event -> event.get("id").asText()).contains(failed.get(0).get("id").asText());
    }

    /** openapi.yaml#versioning: the event exists from 2026-11-28; a client of 2026-11-25 neither lists nor finds it. */
    @Test
    @DisplayName("openapi.yaml#webhooks: order.payment_refund_failed exists from 2026-11-28 on; under 2026-11-25 it is neither listed nor found")
    void theEventExistsFromVersion20261128() {
        String paymentIntent = "pi_version_" + UUID.randomUUID();
        PaidOrder order = paid(paymentIntent);
        StripeApi.scriptRefunds(paymentIntent, StripeApi.chargeDisputed());
        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();
        BackgroundWork.awaitDone(REFUND_WORK, order.id() + ":canceled");
        String id = refundFailedEvents(order).get(0).get("id").asText();

        JsonNode older = Api.get("/events?per_page=100").key(order.key()).header("Service-Tenant-Version", "2026-11-25").send().json();

        assertThat(older.get("data")).extracting(event -> event.get("type").asText()).doesNotContain("order.payment_refund_failed")
                .contains("order.payment_succeeded", "order.canceled");
        assertThat(Api.get("/events/" + id).key(order.key()).header("Service-Tenant-Version", "2026-11-25").send().status())
                .isEqualTo(404);
        assertThat(Api.get("/events/" + id).key(order.key()).send().status()).isEqualTo(200);
    }

    @Test
    @DisplayName("docs/operators.md#refunds-that-fail: charge_already_refunded (refunded in Stripe's Dashboard first) is recorded as refunded elsewhere, once, with no event")
    void aChargeRefundedBeforeIsMoneyBack() {
        String paymentIntent = "pi_dashboard_" + UUID.randomUUID();
        PaidOrder order = paid(paymentIntent);
        StripeApi.scriptRefunds(paymentIntent, StripeApi.chargeAlreadyRefunded());

        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();

        BackgroundWork.awaitDone(REFUND_WORK, order.id() + ":canceled");
        assertThat(refundRequests(paymentIntent)).hasSize(1);
        assertThat(TestDatabase.rows("SELECT refunded_at IS NOT NULL, refunded_elsewhere, refund_failed_at IS NULL "
                + "FROM applicant_checkouts WHERE order_id = ?", order.id())).containsExactly(List.of(true, true, true));
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("refunded");
        assertThat(refundFailedEvents(order)).isEmpty();
    }

    @Test
    @DisplayName("POST /orders/{id}/cancel, rule 6: a 429 and Stripe's 500s are asked again, with the same idempotency key, until the refund is made")
    void rateLimitsAndServerErrorsAreAskedAgain() {
        String paymentIntent = "pi_busy_" + UUID.randomUUID();
        PaidOrder order = paid(paymentIntent);
        StripeApi.scriptRefunds(paymentIntent, StripeApi.Answer.rateLimited(), StripeApi.Answer.serverError(), StripeApi.Answer.serverError(),
                StripeApi.Answer.serverError());

        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();

        BackgroundWork.awaitDone(REFUND_WORK, order.id() + ":canceled");
        List<StripeApi.Received> requests = refundRequests(paymentIntent);
        assertThat(requests).hasSize(5).extracting(StripeApi.Received::idempotencyKey).containsOnly("refund-" + ApplicantPayments.newestCheckout(order));
        assertThat(TestDatabase.rows("SELECT refunded_at IS NOT NULL, refund_reference LIKE 're_%', refund_failed_at IS NULL "
                + "FROM applicant_checkouts WHERE order_id = ?", order.id())).containsExactly(List.of(true, true, true));
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("refunded");
        assertThat(refundFailedEvents(order)).isEmpty();
    }

    @Test
    @DisplayName("docs/operators.md#refunds-that-fail: a refund.failed after Stripe accepted the refund makes it refund_failed once, whether sent again or told again by refund.updated")
    void aRefundThatFailsLaterIsRecordedOnce() {
        String paymentIntent = "pi_closed_card_" + UUID.randomUUID();
        PaidOrder order = paid(paymentIntent);
        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();
        BackgroundWork.awaitDone(REFUND_WORK, order.id() + ":canceled");
        String refund = (String) TestDatabase.rows("SELECT refund_reference FROM applicant_checkouts WHERE order_id = ? "
                + "AND refunded_at IS NOT NULL", order.id()).get(0).get(0);
        assertThat(refund).startsWith("re_");
        String failed = StripeApi.event("refund.failed", StripeApi.failedRefund(refund, paymentIntent, 2500, "expired_or_canceled_card"));
        String updated = StripeApi.event("refund.updated", StripeApi.failedRefund(refund, paymentIntent, 2500, "expired_or_canceled_card"));

        Answer first = sendStripe(failed);
        Answer again = sendStripe(failed);
        Answer told = sendStripe(updated);

        assertThat(first.status()).as(first.json().toString()).isEqualTo(200);
        assertThat(first.json().get("duplicate").asBoolean()).isFalse();
        assertThat(again.status()).isEqualTo(200);
        assertThat(told.status()).isEqualTo(200);
        assertThat(TestDatabase.rows("SELECT refunded_at IS NULL, refund_failure FROM applicant_checkouts WHERE order_id = ?",
                order.id())).containsExactly(List.of(true, "expired_or_canceled_card"));
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("refund_failed");
        assertThat(refundFailedEvents(order)).hasSize(1);
        assertThat(refundRequests(paymentIntent)).hasSize(1);
    }

    @Test
    @DisplayName("docs/operators.md#refunds-that-fail: a refund.failed of a payment the service did not ask back is answered 200 and changes nothing")
    void aFailedRefundOfAnotherPaymentChangesNothing() {
        String paymentIntent = "pi_kept_" + UUID.randomUUID();
        PaidOrder order = paid(paymentIntent);
        String failed = StripeApi.event("refund.failed", StripeApi.failedRefund("re_dashboard_" + UUID.randomUUID(), paymentIntent,
                500, "declined"));

        Answer answer = sendStripe(failed);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("succeeded");
        assertThat(TestDatabase.number("SELECT count(*) FROM applicant_checkouts WHERE order_id = ? AND refund_failed_at IS NOT NULL",
                order.id())).isZero();
        assertThat(refundFailedEvents(order)).isEmpty();
    }

    /** An order its applicant paid through Stripe's Checkout with this PaymentIntent. */
    private static PaidOrder paid(String paymentIntent) {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String path = URI.create(order.applicationUrl()).getPath();
        Pages client = Pages.client();
        Pages.Page page = client.get(service.baseUrl() + path);
        Pages.Page redirect = client.post(service.baseUrl() + path + "/payment", fields("form_token", page.formToken()));
        assertThat(redirect.status()).as(redirect.html()).isEqualTo(303);
        String session = redirect.location().substring(redirect.location().lastIndexOf('/') + 1);
        String checkout = ApplicantPayments.newestCheckout(order);
        Map<String, String> created = StripeApi.requests("/v1/checkout/sessions").stream()
                .filter(request -> checkout.equals(request.form().get("client_reference_id"))).findFirst().orElseThrow().form();
        String completed = StripeApi.event("checkout.session.completed",
                StripeApi.session(session, created, "complete", "paid", paymentIntent));
        assertThat(sendStripe(completed).status()).isEqualTo(200);
        awaitPayment(order, "succeeded");
        return order;
    }

    private static List<StripeApi.Received> refundRequests(String paymentIntent) {
        return StripeApi.requests("/v1/refunds").stream().filter(request -> paymentIntent.equals(request.form().get("payment_intent")))
                .toList();
    }

    private static List<JsonNode> refundFailedEvents(PaidOrder order) {
        return Screenings.eventsOf(order.key(), order.id()).stream()
                .filter(event -> event.get("type").asText().equals("order.payment_refund_failed")).toList();
    }

    private static Answer sendStripe(String event) {
        return sendNotification(service.baseUrl(), "stripe", "Stripe-Signature",
                StripeApi.signature(event, System.currentTimeMillis() / 1000, StripeApi.WEBHOOK_SECRET),
                event.getBytes(StandardCharsets.UTF_8));
    }
}
