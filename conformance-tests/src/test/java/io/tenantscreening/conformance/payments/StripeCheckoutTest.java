package io.tenantscreening.conformance.payments;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApplicantPayments.Answer;
import io.tenantscreening.conformance.support.ApplicantPayments.PaidOrder;
import io.tenantscreening.conformance.support.ApplicantPayments;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.StripeApi;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.payments.PaymentWork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static io.tenantscreening.conformance.support.ApplicantPayments.awaitPayment;
import static io.tenantscreening.conformance.support.ApplicantPayments.sendNotification;
import static io.tenantscreening.conformance.support.Pages.fields;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#orders-the-applicant-pays through Stripe Checkout, as
 * docs/operators.md#applicants-payments sets it up: an instance of the service started with
 * PAYMENT_GATEWAY=stripe, whose stripe-java calls go to a stand-in of Stripe's API on
 * loopback ({@link StripeApi}), and whose webhook endpoint gets events signed as Stripe signs
 * them. What is checked is the request the service makes (its shape, key, idempotency key;
 * docs/design.md#the-applicants-pages) and what it does with signed events; not Stripe's own
 * behaviour.
 */
@StartsServiceProcesses
class StripeCheckoutTest {

    private static final String PUBLIC_BASE_URL = "https://screening.example";
    private static ServiceProcess service;

    @BeforeAll
    static void startAnInstanceWithStripe() {
        Map<String, String> environment = StripeApi.serviceEnvironment(PUBLIC_BASE_URL);
        environment.put("STRIPE_CHECKOUT_TIMEOUT", "2");
        service = ServiceProcess.start(environment);
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.stop();
        }
    }

    @Test
    @DisplayName("docs/design.md#the-applicants-pages: with Stripe the pay button creates a Checkout Session (amount, currency, return URLs, reference, idempotency key) and redirects to it")
    void thePayButtonCreatesACheckoutSession() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String path = URI.create(order.applicationUrl()).getPath();

        String location = pressPay(path);

        assertThat(location).startsWith("https://checkout.stripe.com/c/pay/cs_test_");
        String checkout = ApplicantPayments.newestCheckout(order);
        StripeApi.Received created = created(checkout);
        assertThat(created.method()).isEqualTo("POST");
        assertThat(created.authorization()).isEqualTo("Bearer " + StripeApi.SECRET_KEY);
        assertThat(created.idempotencyKey()).isEqualTo(checkout);
        assertThat(created.form()).containsEntry("mode", "payment")
                .containsEntry("success_url", PUBLIC_BASE_URL + path + "?payment=returned")
                .containsEntry("cancel_url", PUBLIC_BASE_URL + path + "?payment=canceled")
                .containsEntry("client_reference_id", checkout)
                .containsEntry("customer_email", order.email())
                .containsEntry("metadata[checkout_id]", checkout)
                .containsEntry("payment_intent_data[metadata][checkout_id]", checkout)
                .containsEntry("line_items[0][quantity]", "1")
                .containsEntry("line_items[0][price_data][unit_amount]", "2500")
                .containsEntry("line_items[0][price_data][currency]", "usd")
                .containsEntry("line_items[0][price_data][product_data][name]",
                        "Essential screening: credit report and eviction history");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: a checkout.session.completed event with a valid Stripe-Signature marks the payment succeeded; the consent then moves the order to pending")
    void aSignedCompletedEventPaysTheOrder() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String path = URI.create(order.applicationUrl()).getPath();
        String session = sessionOf(pressPay(path));
        String event = completed(order, session, "pi_standin_1");

        Answer taken = sendStripe(event, StripeApi.signature(event, now(), StripeApi.WEBHOOK_SECRET));
        Answer again = sendStripe(event, StripeApi.signature(event, now(), StripeApi.WEBHOOK_SECRET));

        assertThat(taken.status()).as(taken.json().toString()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(200);
        assertThat(taken.json().get("duplicate").asBoolean()).isFalse();
        assertThat(taken.json().get("ignored").asBoolean()).isFalse();
        assertThat(again.json().get("duplicate").asBoolean()).isTrue();
        assertThat(again.json().get("ignored").asBoolean()).isFalse();
        awaitPayment(order, "succeeded");
        assertThat(TestDatabase.rows("SELECT payment_reference FROM applicant_checkouts WHERE order_id = ?", order.id()))
                .containsExactly(List.of("pi_standin_1"));
        Pages client = Pages.client();
        Pages.Page page = client.get(service.baseUrl() + path + "?payment=returned");
        assertThat(page.html()).contains("Paid, thank you");
        Pages.Page submitted = client.post(service.baseUrl() + path, fields("form_token", page.formToken(), "dob", "04/27/1990",
                "ssn", "524-71-9083", "consent", "yes"));
        assertThat(submitted.html()).contains("Thank you, your application is submitted");
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("status").asText()).isIn("pending", "completed");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: a Stripe event with a forged signature, or signed long ago (a replay), is refused and pays nothing")
    void forgedAndReplayedStripeEventsAreRefused() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = sessionOf(pressPay(URI.create(order.applicationUrl()).getPath()));
        String event = completed(order, session, "pi_standin_forged");

        Answer forged = sendStripe(event, StripeApi.signature(event, now(), "whsec_someone_else"));
        Answer replayed = sendStripe(event, StripeApi.signature(event, now() - 3600, StripeApi.WEBHOOK_SECRET));
        Answer tampered = sendStripe(event.replace("pi_standin_forged", "pi_standin_other"),
                StripeApi.signature(event, now(), StripeApi.WEBHOOK_SECRET));

        assertThat(forged.status()).isEqualTo(400);
        assertThat(forged.json().get("errors").get(0).get("code").asText()).isEqualTo("invalid_signature");
        assertThat(replayed.status()).isEqualTo(400);
        assertThat(replayed.json().get("errors").get(0).get("code").asText()).isEqualTo("stale_notification");
        assertThat(tampered.status()).isEqualTo(400);
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("pending");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: async_payment_failed marks the payment failed and the order keeps waiting; expired leaves it as it was")
    void failedAndExpiredSessions() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String path = URI.create(order.applicationUrl()).getPath();
        String first = sessionOf(pressPay(path));
        String expired = StripeApi.event("checkout.session.expired",
                StripeApi.session(first, created(ApplicantPayments.newestCheckout(order)).form(), "expired", "unpaid", null));
        assertThat(sendStripe(expired, StripeApi.signature(expired, now(), StripeApi.WEBHOOK_SECRET)).status()).isEqualTo(200);
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("pending");

        String second = sessionOf(pressPay(path));
        String failed = StripeApi.event("checkout.session.async_payment_failed",
                StripeApi.session(second, Map.of(), "complete", "unpaid", "pi_standin_failed"));
        assertThat(sendStripe(failed, StripeApi.signature(failed, now(), StripeApi.WEBHOOK_SECRET)).status()).isEqualTo(200);

        JsonNode read = awaitPayment(order, "failed");
        assertThat(read.get("status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(TestDatabase.rows("SELECT status FROM applicant_checkouts WHERE order_id = ? ORDER BY created_at", order.id()))
                .containsExactly(List.of("expired"), List.of("failed"));
    }

    @Test
    @DisplayName("docs/operators.md#refusals-and-timeouts-of-stripe: Stripe's 400 email_invalid on the Checkout Session ends the attempt: the checkout records Stripe's code and message, the payment fails as refused_by_processor with an order.payment_failed event, the applicant is told what went wrong and whom to ask, never to try again, and the operator's log says it")
    void aPermanentRefusalIsRecordedAndTold() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        StripeApi.script(StripeApi.sessionFor(order.email()), StripeApi.Answer.invalidRequest("email_invalid", "customer_email",
                "Invalid email address: " + order.email()));
        String path = URI.create(order.applicationUrl()).getPath();
        Pages client = Pages.client();
        Pages.Page page = client.get(service.baseUrl() + path);

        Pages.Page refused = client.post(service.baseUrl() + path + "/payment", fields("form_token", page.formToken()));
        Pages.Page again = client.get(service.baseUrl() + path);

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.html()).contains("does not accept the email address on your application")
                .contains("No money was taken").contains("contact the property manager");
        assertThat(refused.html().toLowerCase(java.util.Locale.ROOT)).doesNotContain("try again");
        assertThat(again.html()).contains("cannot take the payment for this application").doesNotContain("id=\"pay\"");
        assertThat(TestDatabase.rows("SELECT status, failure, failure_code, failure_message FROM applicant_checkouts "
                + "WHERE order_id = ?", order.id()))
                .containsExactly(List.of("failed", "refused_by_processor", "email_invalid", "Invalid email address: " + order.email()));
        JsonNode payment = ApplicantPayments.read(order.key(), order.id()).get("payment");
        assertThat(payment.get("status").asText()).isEqualTo("failed");
        assertThat(payment.get("failure_reason").asText()).isEqualTo("refused_by_processor");
        List<JsonNode> failed = Screenings.eventsOf(order.key(), order.id()).stream()
                .filter(event -> event.get("type").asText().equals("order.payment_failed")).toList();
        assertThat(failed).singleElement().satisfies(event ->
                assertThat(event.get("data").get("object").get("payment").get("failure_reason").asText()).isEqualTo("refused_by_processor"));
        assertThat(StripeApi.requests("/v1/checkout/sessions").stream().filter(StripeApi.sessionFor(order.email()))).hasSize(1);
        assertThat(service.process().stdout()).contains("of order " + order.id() + " refused by stripe for good (email_invalid");
    }

    @Test
    @DisplayName("docs/operators.md#refusals-and-timeouts-of-stripe: Stripe's 429 and 500 are temporary: the applicant may try again in a few minutes, and the order's payment stays pending")
    void temporaryAnswersAreNotRefusals() {
        for (StripeApi.Answer answer : List.of(StripeApi.Answer.rateLimited(), StripeApi.Answer.serverError())) {
            PaidOrder order = ApplicantPayments.place(TestTenant.create());
            StripeApi.script(StripeApi.sessionFor(order.email()), answer);
            String path = URI.create(order.applicationUrl()).getPath();
            Pages client = Pages.client();
            Pages.Page page = client.get(service.baseUrl() + path);

            Pages.Page unavailable = client.post(service.baseUrl() + path + "/payment", fields("form_token", page.formToken()));

            assertThat(unavailable.status()).isEqualTo(503);
            assertThat(unavailable.html()).contains("Please try again in a few minutes");
            JsonNode payment = ApplicantPayments.read(order.key(), order.id()).get("payment");
            assertThat(payment.get("status").asText()).isEqualTo("pending");
            assertThat(payment.get("failure_reason").isNull()).isTrue();
        }
    }

    @Test
    @DisplayName("docs/operators.md#refusals-and-timeouts-of-stripe: a Stripe that does not answer holds the pay button STRIPE_CHECKOUT_TIMEOUT seconds per try, two tries, then the applicant is told to try again in a few minutes")
    void aSlowStripeIsGivenUpOnAfterTheCheckoutTimeout() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        StripeApi.Answer held = StripeApi.Answer.held();
        StripeApi.script(StripeApi.sessionFor(order.email()), held);
        String path = URI.create(order.applicationUrl()).getPath();
        Pages client = Pages.client();
        Pages.Page page = client.get(service.baseUrl() + path);

        Pages.Page unavailable = client.post(service.baseUrl() + path + "/payment", fields("form_token", page.formToken()));
        held.release();

        assertThat(unavailable.status()).isEqualTo(503);
        assertThat(unavailable.html()).contains("The payment service could not be reached. No money was taken.");
        assertThat(StripeApi.requests("/v1/checkout/sessions").stream().filter(StripeApi.sessionFor(order.email())))
                .as("one try and one retry, with the same idempotency key")
                .hasSize(2).extracting(StripeApi.Received::idempotencyKey).containsOnly(ApplicantPayments.newestCheckout(order));
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("pending");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: canceling an order expires its open Checkout Session at Stripe, as background work, so that the applicant can no longer pay")
    void cancelingExpiresTheOpenSession() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = sessionOf(pressPay(URI.create(order.applicationUrl()).getPath()));

        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();

        BackgroundWork.awaitDone(PaymentWork.EXPIRE_SESSIONS.getTaskName(), order.id());
        assertThat(StripeApi.requests("/v1/checkout/sessions/" + session + "/expire")).hasSize(1)
                .allSatisfy(expire -> assertThat(expire.authorization()).isEqualTo("Bearer " + StripeApi.SECRET_KEY));
        assertThat(StripeApi.status(session)).isEqualTo("expired");
        assertThat(TestDatabase.rows("SELECT status FROM applicant_checkouts WHERE session_id = ?", session))
                .containsExactly(List.of("expired"));
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: an order canceled while Stripe was opening its session (the pay button's request held at Stripe) does not send the applicant to pay, and the session opened after the cancel is expired too")
    void aSessionOpenedAfterTheCancelIsExpiredToo() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        StripeApi.Answer held = StripeApi.Answer.held();
        StripeApi.script(StripeApi.sessionFor(order.email()), held);
        String path = URI.create(order.applicationUrl()).getPath();
        Pages client = Pages.client();
        Pages.Page page = client.get(service.baseUrl() + path);
        CompletableFuture<Pages.Page> pressed = CompletableFuture.supplyAsync(() ->
                client.post(service.baseUrl() + path + "/payment", fields("form_token", page.formToken())));
        Waits.await("the pay button's request at Stripe", Duration.ofSeconds(4)).until(() ->
                StripeApi.requests("/v1/checkout/sessions").stream().anyMatch(StripeApi.sessionFor(order.email())));

        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();
        BackgroundWork.awaitDone(PaymentWork.EXPIRE_SESSIONS.getTaskName(), order.id());
        held.release();
        Pages.Page answered = pressed.join();

        assertThat(answered.status()).isEqualTo(303);
        assertThat(answered.location()).as("back to the apply page, not to Stripe's checkout").doesNotContain("checkout.stripe.com");
        String checkout = ApplicantPayments.newestCheckout(order);
        String session = (String) TestDatabase.rows("SELECT session_id FROM applicant_checkouts WHERE id = ?", checkout).get(0).get(0);
        BackgroundWork.awaitDone(PaymentWork.EXPIRE_SESSIONS.getTaskName(), order.id() + ":" + checkout);
        assertThat(StripeApi.requests("/v1/checkout/sessions/" + session + "/expire")).hasSize(1);
        assertThat(StripeApi.status(session)).isEqualTo("expired");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: a session completed just before the cancel cannot be expired (Stripe's 400): the work ends, and the paid notification that follows is refunded")
    void aSessionPaidBeforeTheCancelIsRefundedNotExpired() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = sessionOf(pressPay(URI.create(order.applicationUrl()).getPath()));
        StripeApi.settle(session, "complete");

        Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send();
        BackgroundWork.awaitDone(PaymentWork.EXPIRE_SESSIONS.getTaskName(), order.id());
        String event = completed(order, session, "pi_standin_late");
        Answer taken = sendStripe(event, StripeApi.signature(event, now(), StripeApi.WEBHOOK_SECRET));

        assertThat(StripeApi.requests("/v1/checkout/sessions/" + session + "/expire")).hasSize(1);
        assertThat(taken.status()).isEqualTo(200);
        Screenings.awaitNumber("refunded checkouts", 1,
                "SELECT count(*) FROM applicant_checkouts WHERE session_id = ? AND refunded_at IS NOT NULL", session);
        assertThat(StripeApi.requests("/v1/refunds").stream()
                .filter(refund -> "pi_standin_late".equals(refund.form().get("payment_intent")))).hasSize(1);
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("refunded");
    }

    @Test
    @DisplayName("docs/operators.md#payment-notifications: Stripe events of sessions the service did not create (a Payment Link's), and events of kinds it does not act on, are answered 200 and ignored, not as duplicates")
    void foreignAndOtherEventsAreIgnored() {
        String foreign = "cs_test_paymentlink_" + UUID.randomUUID().toString().replace("-", "");
        String completed = StripeApi.event("checkout.session.completed", StripeApi.session(foreign,
                Map.of("line_items[0][price_data][unit_amount]", "900", "line_items[0][price_data][currency]", "usd"),
                "complete", "paid", "pi_standin_foreign"));
        String expired = StripeApi.event("checkout.session.expired", StripeApi.session(foreign, Map.of(), "expired", "unpaid", null));
        String refund = StripeApi.event("charge.refunded", StripeApi.refund("re_standin_other", "pi_standin_other", 900, "succeeded"));

        for (String event : List.of(completed, expired, refund)) {
            Answer answer = sendStripe(event, StripeApi.signature(event, now(), StripeApi.WEBHOOK_SECRET));

            assertThat(answer.status()).as(event).isEqualTo(200);
            assertThat(answer.json().get("received").asBoolean()).isTrue();
            assertThat(answer.json().get("ignored").asBoolean()).as(event).isTrue();
            assertThat(answer.json().get("duplicate").asBoolean()).as(event).isFalse();
        }
        assertThat(TestDatabase.rows("SELECT 1 FROM payment_notifications WHERE session_id = ?", foreign)).isEmpty();
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: canceling an order paid through Stripe refunds its PaymentIntent, once, with an idempotency key")
    void cancelingRefundsThroughStripe() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = sessionOf(pressPay(URI.create(order.applicationUrl()).getPath()));
        String event = completed(order, session, "pi_standin_refund");
        assertThat(sendStripe(event, StripeApi.signature(event, now(), StripeApi.WEBHOOK_SECRET)).status()).isEqualTo(200);
        awaitPayment(order, "succeeded");

        JsonNode canceled = Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send().json();

        assertThat(canceled.get("payment").get("status").asText()).isEqualTo("refunded");
        Screenings.awaitNumber("refunded checkouts", 1,
                "SELECT count(*) FROM applicant_checkouts WHERE order_id = ? AND refunded_at IS NOT NULL", order.id());
        List<StripeApi.Received> refunds = StripeApi.requests("/v1/refunds").stream()
                .filter(refund -> "pi_standin_refund".equals(refund.form().get("payment_intent"))).toList();
        assertThat(refunds).hasSize(1);
        assertThat(refunds.get(0).idempotencyKey()).isEqualTo("refund-" + ApplicantPayments.newestCheckout(order));
        assertThat(refunds.get(0).authorization()).isEqualTo("Bearer " + StripeApi.SECRET_KEY);
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: outside development the service refuses to start with PAYMENT_GATEWAY=stripe and Stripe's keys missing")
    void stripeWithoutKeysRefusesToStart() {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("PAYMENT_GATEWAY", "stripe");
        environment.put("STRIPE_SECRET_KEY", StripeApi.SECRET_KEY);
        environment.put("PORT", String.valueOf(ServiceProcess.freePort()));

        JarProcess.Result result = JarProcess.run(environment);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr().strip().lines()).singleElement().asString()
                .startsWith("tenant-screening: cannot start:").contains("STRIPE_WEBHOOK_SECRET");
    }

    private static String pressPay(String path) {
        Pages client = Pages.client();
        Pages.Page page = client.get(service.baseUrl() + path);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.html()).contains("$25.00");
        Pages.Page redirect = client.post(service.baseUrl() + path + "/payment", fields("form_token", page.formToken()));
        assertThat(redirect.status()).as(redirect.html()).isEqualTo(303);
        return redirect.location();
    }

    private static String sessionOf(String location) {
        return location.substring(location.lastIndexOf('/') + 1);
    }

    private static StripeApi.Received created(String checkout) {
        return StripeApi.requests("/v1/checkout/sessions").stream()
                .filter(request -> checkout.equals(request.form().get("client_reference_id"))).findFirst().orElseThrow();
    }

    private static String completed(PaidOrder order, String session, String paymentIntent) {
        return StripeApi.event("checkout.session.completed",
                StripeApi.session(session, created(ApplicantPayments.newestCheckout(order)).form(), "complete", "paid", paymentIntent));
    }

    private static Answer sendStripe(String event, String signature) {
        return sendNotification(service.baseUrl(), "stripe", "Stripe-Signature", signature, event.getBytes(StandardCharsets.UTF_8));
    }

    private static long now() {
        return System.currentTimeMillis() / 1000;
    }
}
