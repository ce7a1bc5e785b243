package io.tenantscreening.conformance.payments;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApplicantPayments.Answer;
import io.tenantscreening.conformance.support.ApplicantPayments.PaidOrder;
import io.tenantscreening.conformance.support.ApplicantPayments;
import io.tenantscreening.conformance.support.BackgroundWork;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.payments.PaymentWork;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.ApplicantPayments.awaitPayment;
import static io.tenantscreening.conformance.support.ApplicantPayments.sendNotification;
import static io.tenantscreening.conformance.support.Pages.fields;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#orders-the-applicant-pays and openapi.yaml#billing: a live order with
 * {@code payer: applicant} is paid by its applicant on the apply page, through the built-in
 * gateway's hosted checkout (the test server's gateway), before the consent; only the
 * gateway's signed notification settles the payment (docs/operators.md#applicants-payments).
 * The Stripe Checkout path is {@link StripeCheckoutTest}'s, the page in a browser
 * {@link ApplicantPaysBrowserTest}'s.
 */
class ApplicantPaysTest {

    private static final String BUILTIN = "builtin";

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: the page shows the price, the built-in checkout takes the payment, then the consent moves the order to pending")
    void aSucceededPaymentThenTheConsentMovesTheOrderToPending() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        JsonNode placed = ApplicantPayments.read(order.key(), order.id());
        assertThat(placed.get("status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(placed.get("payment").get("status").asText()).isEqualTo("pending");
        assertThat(placed.get("payment").get("amount").asLong()).isEqualTo(2500);
        assertThat(placed.get("payment").get("currency").asText()).isEqualTo("usd");
        Pages client = Pages.client();
        Pages.Page page = client.get(order.applicationUrl());
        assertThat(page.html()).contains("$25.00", "Essential screening: credit report and eviction history", "id=\"pay\"");

        pay(client, order, "succeeded");

        JsonNode paid = awaitPayment(order, "succeeded");
        assertThat(paid.get("status").asText()).as("paid, but no consent yet").isEqualTo("waiting_for_applicant");
        Pages.Page returned = client.get(order.applicationUrl() + "?payment=returned");
        assertThat(returned.html()).contains("Paid, thank you").doesNotContain("id=\"pay\"");
        Pages.Page submitted = client.post(order.applicationUrl(), fields("form_token", returned.formToken(), "dob", "04/27/1990",
                "ssn", "524-71-9083", "consent", "yes"));
        assertThat(submitted.status()).isEqualTo(200);
        assertThat(submitted.html()).contains("Thank you, your application is submitted");
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("status").asText()).isIn("pending", "completed");
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", order.id())).isOne();
        assertThat(TestDatabase.number("SELECT count(*) FROM charges WHERE order_id = ?", order.id()))
                .as("the organisation is not charged").isZero();
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: consent is refused (402) until the payment succeeded, and nothing is stored")
    void consentIsRefusedBeforePayment() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        Pages client = Pages.client();
        Pages.Page page = client.get(order.applicationUrl());

        Pages.Page refused = client.post(order.applicationUrl(), fields("form_token", page.formToken(), "dob", "04/27/1990",
                "ssn", "524-71-9083", "consent", "yes"));

        assertThat(refused.status()).isEqualTo(402);
        assertThat(refused.html()).contains("Pay for your screening first", "href=\"#payment\"");
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(TestDatabase.number("SELECT count(*) FROM consents WHERE order_id = ?", order.id())).isZero();
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: a declined card leaves the order waiting, emits order.payment_failed, and the page lets the applicant try again")
    void aDeclinedPaymentCanBeTriedAgain() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        Pages client = Pages.client();

        pay(client, order, "card_declined");

        JsonNode failed = awaitPayment(order, "failed");
        assertThat(failed.get("status").asText()).isEqualTo("waiting_for_applicant");
        Pages.Page page = client.get(order.applicationUrl() + "?payment=returned");
        assertThat(page.html()).contains("did not go through", "Try again: pay $25.00");
        assertThat(types(order)).contains("order.payment_failed").doesNotContain("order.payment_succeeded");

        pay(client, order, "succeeded");

        awaitPayment(order, "succeeded");
        assertThat(TestDatabase.number("SELECT count(*) FROM applicant_checkouts WHERE order_id = ?", order.id())).isEqualTo(2);
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: an authentication the bank asked for and that failed is a failed payment; the order keeps waiting")
    void authenticationRequiredIsAFailedPayment() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());

        pay(Pages.client(), order, "authentication_required");

        assertThat(awaitPayment(order, "failed").get("status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(TestDatabase.rows("SELECT failure FROM applicant_checkouts WHERE order_id = ?", order.id()))
                .containsExactly(List.of("authentication_required"));
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: an abandoned checkout takes no money and leaves the order waiting with its payment pending")
    void anAbandonedCheckoutTakesNothing() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        Pages client = Pages.client();
        String checkout = toCheckout(client, order);
        String cancelUrl = client.get(checkout).html().replaceAll("(?s).*class=\"secondary\" href=\"([^\"]+)\".*", "$1")
                .replace("&amp;", "&");
        assertThat(cancelUrl).isEqualTo(order.applicationUrl() + "?payment=canceled");

        Pages.Page back = client.get(cancelUrl);

        assertThat(back.html()).contains("You left the payment page without paying", "id=\"pay\"");
        for (List<Object> session : TestDatabase.rows("SELECT session_id FROM applicant_checkouts WHERE order_id = ?", order.id())) {
            BackgroundWork.awaitDone(PaymentWork.BUILTIN_NOTIFICATION.getTaskName(), (String) session.get(0));
        }
        JsonNode read = ApplicantPayments.read(order.key(), order.id());
        assertThat(read.get("status").asText()).isEqualTo("waiting_for_applicant");
        assertThat(read.get("payment").get("status").asText()).isEqualTo("pending");
        assertThat(TestDatabase.number("SELECT count(*) FROM builtin_checkout_sessions s JOIN applicant_checkouts c "
                + "ON c.session_id = s.id WHERE c.order_id = ? AND s.outcome IS NOT NULL", order.id())).isZero();
        assertThat(types(order)).doesNotContain("order.payment_succeeded", "order.payment_failed");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: a notification with a forged signature, or none, is refused (400) and changes nothing")
    void forgedNotificationsAreRefused() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = toCheckoutSession(Pages.client(), order);
        byte[] body = succeeded(session, "pay_forged");
        long now = Clock.systemUTC().instant().getEpochSecond();

        Answer forged = sendNotification(TestServer.baseUrl(), BUILTIN, BuiltInCheckout.SIGNATURE_HEADER,
                "t=" + now + ",v1=" + "ab".repeat(32), body);
        Answer unsigned = sendNotification(TestServer.baseUrl(), BUILTIN, BuiltInCheckout.SIGNATURE_HEADER, null, body);

        for (Answer answer : List.of(forged, unsigned)) {
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.json().get("errors").get(0).get("code").asText()).isEqualTo("invalid_signature");
        }
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("pending");
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: a genuine notification replayed after the tolerance (stale timestamp) is refused (400)")
    void replayedNotificationsAreRefused() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = toCheckoutSession(Pages.client(), order);
        long anHourAgo = TestServer.bean(Clock.class).instant().getEpochSecond() - 3600;
        BuiltInCheckout.SignedNotification old = TestServer.bean(BuiltInCheckout.class).sign(succeeded(session, "pay_replayed"),
                anHourAgo);

        Answer replayed = sendNotification(TestServer.baseUrl(), BUILTIN, BuiltInCheckout.SIGNATURE_HEADER, old.signatureHeader(), old.body());

        assertThat(replayed.status()).isEqualTo(400);
        assertThat(replayed.json().get("errors").get(0).get("code").asText()).isEqualTo("stale_notification");
        assertThat(ApplicantPayments.read(order.key(), order.id()).get("payment").get("status").asText()).isEqualTo("pending");
    }

    @Test
    @DisplayName("docs/operators.md#payment-notifications: a notification about a session no checkout has is answered 200 and ignored; a gateway the service does not have is 404")
    void unknownSessionsAreIgnored() {
        BuiltInCheckout.SignedNotification signed = TestServer.bean(BuiltInCheckout.class)
                .sign(succeeded("bcs_" + UUID.randomUUID(), "pay_unknown"), TestServer.bean(Clock.class).instant().getEpochSecond());

        Answer answer = sendNotification(TestServer.baseUrl(), BUILTIN, BuiltInCheckout.SIGNATURE_HEADER, signed.signatureHeader(), signed.body());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("ignored").asBoolean()).isTrue();
        assertThat(answer.json().get("duplicate").asBoolean()).isFalse();
        assertThat(sendNotification(TestServer.baseUrl(), "paypal", BuiltInCheckout.SIGNATURE_HEADER, signed.signatureHeader(),
                signed.body()).status()).as("a gateway the service does not have").isEqualTo(404);
    }

    @Test
    @DisplayName("docs/operators.md#applicants-payments: a notification delivered twice, or a second success of the same session, records the payment once")
    void aDoubleNotificationRecordsOnce() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = pay(Pages.client(), order, "succeeded");
        awaitPayment(order, "succeeded");
        BuiltInCheckout gateway = TestServer.bean(BuiltInCheckout.class);

        BuiltInCheckout.SignedNotification again = gateway.notification(session);
        Answer repeated = sendNotification(TestServer.baseUrl(), BUILTIN, BuiltInCheckout.SIGNATURE_HEADER, again.signatureHeader(), again.body());
        BuiltInCheckout.SignedNotification other = gateway.sign(succeeded(session, "pay_second"),
                TestServer.bean(Clock.class).instant().getEpochSecond());
        Answer second = sendNotification(TestServer.baseUrl(), BUILTIN, BuiltInCheckout.SIGNATURE_HEADER, other.signatureHeader(), other.body());

        assertThat(repeated.status()).isEqualTo(200);
        assertThat(repeated.json().get("duplicate").asBoolean()).isTrue();
        assertThat(second.status()).isEqualTo(200);
        assertThat(types(order).stream().filter("order.payment_succeeded"::equals)).hasSize(1);
        assertThat(TestDatabase.rows("SELECT status, payment_reference LIKE 'pay\\_%' AND payment_reference <> 'pay_second' "
                + "FROM applicant_checkouts WHERE order_id = ?", order.id())).containsExactly(List.of("succeeded", true));
        BackgroundWork.awaitDone(PaymentWork.BUILTIN_NOTIFICATION.getTaskName(), session);
        BackgroundWork.awaitDone(OrderLifecycle.PAYMENT_RECEIPT.getTaskName(), order.id());
        assertThat(Mailbox.to(order.email()).stream().filter(mail -> mail.subject().contains("receipt"))).hasSize(1);
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: canceling a paid order before its screening began refunds the payment through the gateway")
    void cancelingAPaidOrderRefundsIt() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        String session = pay(Pages.client(), order, "succeeded");
        awaitPayment(order, "succeeded");

        JsonNode canceled = Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send().json();

        assertThat(canceled.get("status").asText()).isEqualTo("canceled");
        assertThat(canceled.get("payment").get("status").asText()).isEqualTo("refunded");
        Screenings.awaitNumber("refunds at the built-in gateway", 1,
                "SELECT count(*) FROM builtin_checkout_sessions WHERE id = ? AND refunded_at IS NOT NULL", session);
        Screenings.awaitNumber("refunded checkouts", 1,
                "SELECT count(*) FROM applicant_checkouts WHERE order_id = ? AND refunded_at IS NOT NULL", order.id());
        JsonNode event = Screenings.eventsOf(order.key(), order.id()).stream()
                .filter(e -> e.get("type").asText().equals("order.canceled")).findFirst().orElseThrow();
        assertThat(event.get("data").get("object").get("payment").get("status").asText()).isEqualTo("refunded");
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: a payment that succeeds after the order was canceled is refunded at once")
    void aPaymentAfterTheCancelIsRefunded() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        Pages client = Pages.client();
        String checkout = toCheckout(client, order);
        Pages.Page page = client.get(checkout);
        assertThat(Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send().status()).isEqualTo(200);

        client.post(checkout, fields("form_token", page.formToken(), "outcome", "succeeded"));

        String session = checkout.substring(checkout.lastIndexOf('/') + 1);
        Screenings.awaitNumber("refunds at the built-in gateway", 1,
                "SELECT count(*) FROM builtin_checkout_sessions WHERE id = ? AND refunded_at IS NOT NULL", session);
        JsonNode read = awaitPayment(order, "refunded");
        assertThat(read.get("status").asText()).isEqualTo("canceled");
        assertThat(types(order)).doesNotContain("order.payment_succeeded");
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: canceling an unpaid order refunds nothing; its payment stays pending")
    void cancelingAnUnpaidOrderRefundsNothing() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());

        JsonNode canceled = Api.post("/orders/" + order.id() + "/cancel").key(order.key()).send().json();

        assertThat(canceled.get("payment").get("status").asText()).isEqualTo("pending");
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'refund-applicant-payment' "
                + "AND task_instance LIKE ?", order.id() + ":%")).isZero();
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: order.payment_succeeded carries the order with its payment; orders the organisation pays and test orders have payment null")
    void eventsCarryThePayment() {
        TestTenant tenant = TestTenant.create();
        PaidOrder order = ApplicantPayments.place(tenant);
        pay(Pages.client(), order, "succeeded");
        awaitPayment(order, "succeeded");

        JsonNode event = Screenings.eventsOf(order.key(), order.id()).stream()
                .filter(e -> e.get("type").asText().equals("order.payment_succeeded")).findFirst().orElseThrow();

        JsonNode payment = event.get("data").get("object").get("payment");
        assertThat(payment.get("status").asText()).isEqualTo("succeeded");
        assertThat(payment.get("amount").asLong()).isEqualTo(2500);
        String organizationPaid = io.tenantscreening.conformance.support.OrderRequests.placed(tenant.testKey(),
                io.tenantscreening.conformance.support.OrderRequests.body());
        assertThat(ApplicantPayments.read(tenant.testKey(), organizationPaid).get("payment").isNull()).isTrue();
        assertThat(Api.get("/events/" + event.get("id").asText()).key(order.key()).header("Service-Tenant-Version", "2026-04-29")
                .send().status()).as("the event type exists from 2026-11-25").isEqualTo(404);
    }

    @Test
    @DisplayName("docs/integrators.md#orders-the-applicant-pays: the applicant gets a receipt by email: amount, what was bought, date, the agency, the payment reference")
    void theApplicantGetsAReceipt() {
        PaidOrder order = ApplicantPayments.place(TestTenant.create());
        pay(Pages.client(), order, "succeeded");
        awaitPayment(order, "succeeded");

        Mailbox.Mail receipt = Mailbox.await(order.email(), 2).stream().filter(mail -> mail.subject().contains("receipt"))
                .findFirst().orElseThrow();

        String reference = (String) TestDatabase.rows("SELECT payment_reference FROM applicant_checkouts WHERE order_id = ? "
                + "AND status = 'succeeded'", order.id()).get(0).get(0);
        assertThat(receipt.text()).contains("Amount paid: $25.00", "Essential screening: credit report and eviction history",
                "Payment reference: " + reference, order.id(), TestServer.AGENCY_NAME, TestServer.AGENCY_ADDRESS,
                TestServer.AGENCY_PHONE, "12 Oak Street");
        assertThat(receipt.text()).containsPattern("Date: [A-Z][a-z]+ \\d{1,2}, \\d{4}");
    }

    /** Presses pay, chooses the outcome on the built-in checkout page, and follows the way back; the session's id. */
    static String pay(Pages client, PaidOrder order, String outcome) {
        String checkout = toCheckout(client, order);
        Pages.Page page = client.get(checkout);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.html()).contains("$25.00");
        Pages.Page back = client.post(checkout, fields("form_token", page.formToken(), "outcome", outcome));
        assertThat(back.status()).isEqualTo(303);
        assertThat(back.location()).isEqualTo(order.applicationUrl() + "?payment=returned");
        return checkout.substring(checkout.lastIndexOf('/') + 1);
    }

    /** Presses pay on the apply page; the checkout page it redirects to. */
    static String toCheckout(Pages client, PaidOrder order) {
        Pages.Page page = client.get(order.applicationUrl());
        Pages.Page redirect = client.post(order.applicationUrl() + "/payment", fields("form_token", page.formToken()));
        assertThat(redirect.status()).as(redirect.html()).isEqualTo(303);
        assertThat(redirect.location()).startsWith(TestServer.baseUrl() + "/apply/pay/bcs_");
        return redirect.location();
    }

    private static String toCheckoutSession(Pages client, PaidOrder order) {
        String checkout = toCheckout(client, order);
        return checkout.substring(checkout.lastIndexOf('/') + 1);
    }

    private static byte[] succeeded(String session, String payment) {
        return ("{\"id\":\"bevt_" + UUID.randomUUID() + "\",\"type\":\"checkout.succeeded\",\"session\":\"" + session
                + "\",\"payment\":\"" + payment + "\",\"failure\":null}").getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> types(PaidOrder order) {
        return Screenings.eventsOf(order.key(), order.id()).stream().map(event -> event.get("type").asText()).toList();
    }
}
