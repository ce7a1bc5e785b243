package io.tenantscreening.conformance.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Mailbox.Mail;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.SmsGateway;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Screenings.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#the-apply-flow and openapi.yaml#apply-flow (the applicant gets an
 * email with the link when the order is created, live mode or the test profile; in live mode
 * with a phone number also a text message), docs/integrators.md#test-mode (no text messages,
 * email only for the apply-flow profile), and docs/operators.md#invitations (both sent as
 * durable background work, retried until accepted). The email arrives over SMTP at
 * GreenMail, the text message over HTTP at a Twilio stand-in, both in this JVM.
 */
class InvitationTest {

    private static final AtomicInteger PHONE_NUMBERS = new AtomicInteger(180);

    /**
     * docs/integrators.md#the-apply-flow: the email greets the applicant, says who asks and for
     * which property, carries the link and how many days it works; test mode sends no text message
     * (docs/integrators.md#test-mode).
     */
    @Test
    void aWaitingTestOrdersApplicantGetsAnEmailWithTheLinkThePropertyAndTheRequesterButNoTextMessage() {
        String key = TestTenant.create().testKey();
        String email = "invited-" + UUID.randomUUID() + "@apply.test";
        String phone = newPhoneNumber();
        ObjectNode body = body();
        applicant(body).put("email", email).put("phone_number", phone);
        ((ObjectNode) order(body).get("property")).put("name", "Maple Court");
        order(body).putObject("original_requester").put("external_id", "crm-" + UUID.randomUUID()).put("type", "business")
                .put("name", "Lakeside Landlords LLC");
        String id = placed(key, body);
        String url = applicationUrl(key, id);

        Mail mail = Mailbox.await(email, 1).get(0);

        assertThat(mail.contentType()).startsWith("multipart/alternative");
        assertThat(mail.subject()).isEqualTo("Lakeside Landlords LLC asks for your rental screening");
        assertThat(mail.from()).contains("screening@localhost");
        assertThat(mail.text()).contains("Hello Jamie,", "Lakeside Landlords LLC", "Maple Court",
                "12 Oak Street, Austin, TX 78701", url, "30 days");
        assertThat(mail.html()).contains("<a href=\"" + url + "\"", "Lakeside Landlords LLC", "Maple Court",
                "12 Oak Street, Austin, TX 78701");
        Pages.Page page = Pages.client().get(link(mail.text()));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.html()).contains("name=\"consent\"", "Maple Court");
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'send-invitation-sms' "
                + "AND task_instance = ?", id)).isZero();
        assertThat(SmsGateway.to(phone)).isEmpty();
        assertThat(Mailbox.to(email)).hasSize(1);
    }

    /** docs/integrators.md#test-mode: ordinary test applicants skip the apply flow and get no email. */
    @Test
    void anOrdinaryTestOrderSkipsTheApplyFlowAndSendsNothing() {
        String key = TestTenant.create().testKey();
        String email = "ordinary-" + UUID.randomUUID() + "@example.com";
        ObjectNode body = body();
        applicant(body).put("email", email);

        awaitStatus(key, placed(key, body), "completed");

        assertThat(Mailbox.to(email)).isEmpty();
    }

    /**
     * docs/integrators.md#the-apply-flow, docs/operators.md#invitations: a live order's applicant
     * with a phone number also gets a text message with the link, through Twilio's Messages API.
     */
    @Test
    void aLiveOrdersApplicantWithAPhoneNumberAlsoGetsATextMessageWithTheLink() {
        String key = TestTenant.create().billing(PaymentMethod.OK, false).liveKey();
        String email = "live-" + UUID.randomUUID() + "@example.com";
        String phone = newPhoneNumber();
        ObjectNode body = body();
        applicant(body).put("email", email).put("phone_number", phone);
        String id = placed(key, body);
        String url = applicationUrl(key, id);

        List<SmsGateway.Received> texts = SmsGateway.awaitAccepted(phone, 1);
        Mail mail = Mailbox.await(email, 1).get(0);

        assertThat(texts).hasSize(1);
        SmsGateway.Received text = texts.get(0);
        assertThat(text.path()).isEqualTo("/2010-04-01/Accounts/" + SmsGateway.ACCOUNT_SID + "/Messages.json");
        assertThat(text.authorization()).isEqualTo("Basic " + Base64.getEncoder().encodeToString(
                (SmsGateway.ACCOUNT_SID + ":" + SmsGateway.AUTH_TOKEN).getBytes(StandardCharsets.UTF_8)));
        assertThat(text.form()).containsEntry("To", phone).containsEntry("From", SmsGateway.FROM);
        assertThat(text.form().get("Body")).contains(url, "rental screening");
        assertThat(mail.text()).contains(url);
    }

    /**
     * docs/operators.md#invitations: a text message the gateway refuses is sent again, with
     * backoff, until it is accepted.
     */
    @Test
    void aTextMessageTheGatewayRefusesIsSentAgainUntilItIsAccepted() {
        String key = TestTenant.create().billing(PaymentMethod.OK, false).liveKey();
        String phone = newPhoneNumber();
        SmsGateway.failNext(phone, 2);
        ObjectNode body = body();
        applicant(body).put("email", "retry-" + UUID.randomUUID() + "@example.com").put("phone_number", phone);
        placed(key, body);

        List<SmsGateway.Received> requests = SmsGateway.awaitAccepted(phone, 1);

        assertThat(requests).extracting(SmsGateway.Received::status).containsExactly(500, 500, 201);
    }

    /** docs/integrators.md#the-apply-flow: without a phone number, only the email. */
    @Test
    void aLiveApplicantWithoutAPhoneNumberGetsOnlyTheEmail() {
        String key = TestTenant.create().billing(PaymentMethod.OK, false).liveKey();
        String email = "nophone-" + UUID.randomUUID() + "@example.com";
        ObjectNode body = body();
        applicant(body).put("email", email);
        String id = placed(key, body);

        Mailbox.await(email, 1);

        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'send-invitation-sms' "
                + "AND task_instance = ?", id)).isZero();
    }

    private static String applicationUrl(String key, String orderId) {
        JsonNode order = Api.get("/orders/" + orderId).key(key).send().json();
        return order.get("application_url").asText();
    }

    /** The application link in a message's text. */
    private static String link(String text) {
        int start = text.indexOf("http://");
        return text.substring(start, text.indexOf('\n', start)).strip();
    }

    /** A US number of the fictional 555-01xx range that no other test of this run uses. */
    private static String newPhoneNumber() {
        return "+1512555" + String.format("%04d", PHONE_NUMBERS.getAndIncrement());
    }
}
