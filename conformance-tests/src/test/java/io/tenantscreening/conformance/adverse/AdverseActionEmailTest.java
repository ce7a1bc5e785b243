package io.tenantscreening.conformance.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox.Attachment;
import io.tenantscreening.conformance.support.Mailbox.Mail;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.SummaryOfRights;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.conformance.support.WebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.AdverseActionRequests.completedOrder;
import static io.tenantscreening.conformance.support.AdverseActionRequests.denial;
import static io.tenantscreening.conformance.support.AdverseActionRequests.preAdverse;
import static io.tenantscreening.conformance.support.AdverseActionRequests.taken;
import static io.tenantscreening.conformance.support.AdverseActionRequests.text;
import static io.tenantscreening.conformance.support.Screenings.eventsOf;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#adverse-action (the notices go to the applicant by email as PDF attachments,
 * the pre-adverse one with the applicant's copy of the report; a notice whose email fails
 * for good gives adverse_action.notice_undeliverable and stays downloadable; in test mode
 * emails go only to applicant-experience profiles; docs/integrators.md#adverse-actions,
 * emails) and openapi.yaml#webhooks (the adverse_action.* events, delivered to a receiver on
 * loopback). Emails arrive over SMTP at the tests' GreenMail ({@link Mailbox}), which a test
 * can have refuse an address for good.
 */
@ExtendWith(FreshTenants.class)
class AdverseActionEmailTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * openapi.yaml#adverse-action and POST /adverse_actions, rules 4 and 5: both notices by
     * email, each the PDF downloadable from the API byte for byte, the pre-adverse one with the
     * applicant's copy of the report: who requested it, and not the landlord's recommendation
     * (openapi.yaml#the-applicants-copy), which GET /reports/{id}/pdf of the same report shows;
     * both the notice and the copy carry the summary of consumer rights in full (FCRA section
     * 609(c), 12 CFR part 1022 appendix K).
     */
    @Test
    void theApplicantGetsEachNoticeByEmailWithItsPdfAndTheReportWithThePreAdverseOne() {
        String email = "notified-" + UUID.randomUUID() + "@apply.test";
        Policies.create(key, "Credit score of 620", "{\"min_credit_score\": 620}", true);
        String order = completedOrder(key, email);
        String report = Screenings.report(key, order).get("id").asText();
        String id = taken(key, preAdverse(order)).get("id").asText();

        Mail preAdverse = noticeMails(email, 1).get(0);
        Api.post("/test_helpers/adverse_actions/" + id + "/complete").key(key).send();
        Mail adverseAction = noticeMails(email, 2).get(1);

        assertThat(preAdverse.to()).containsExactly(email);
        assertThat(preAdverse.attachments()).hasSize(2)
                .allSatisfy(file -> assertThat(file.contentType()).startsWith("application/pdf"));
        assertThat(preAdverse.attachments().get(0).content())
                .isEqualTo(Api.get("/adverse_actions/" + id + "/pre_adverse_notice").key(key).send().bytes());
        assertThat(text(Api.get("/reports/" + report + "/pdf").key(key).send().bytes())).contains("Recommendation: CONDITIONAL", "credit_score_below_minimum");
        assertThat(text(preAdverse.attachments().get(1).content()))
                .contains("Tenant screening report", report, "Requested by: ")
                .doesNotContain("Recommendation", "Credit score of 620", "credit_score_below_minimum");
        SummaryOfRights.assertInPdf("the pre-adverse notice", text(preAdverse.attachments().get(0).content()));
        SummaryOfRights.assertInPdf("the applicant's copy that comes with the pre-adverse notice",
                text(preAdverse.attachments().get(1).content()));
        assertThat(adverseAction.attachments()).hasSize(1);
        assertThat(adverseAction.attachments().get(0).content())
                .isEqualTo(Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send().bytes());
        assertThat(text(adverseAction.attachments().get(0).content())).contains("Jamie Rivera");
        Screenings.awaitNumber("notices sent", 2,
                "SELECT count(*) FROM adverse_action_notices WHERE adverse_action_id = ? AND email_state = 'sent'", id);
    }

    /** POST /adverse_actions, rule 4: a final notice goes alone, one email with one attachment. */
    @Test
    void aFinalNoticeGoesAloneInOneEmail() {
        String email = "denied-" + UUID.randomUUID() + "@apply.test";
        String id = taken(key, denial(completedOrder(key, email))).get("id").asText();

        Mail mail = noticeMails(email, 1).get(0);

        assertThat(mail.attachments()).extracting(Attachment::content)
                .containsExactly(Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send().bytes());
        assertThat(noticeMails(email, 1)).hasSize(1);
    }

    /**
     * openapi.yaml#adverse-action, test mode: only applicant-experience profiles are emailed;
     * another applicant's notice is marked not sent.
     */
    @Test
    void inTestModeAnOrdinaryApplicantIsNotEmailed() {
        String email = "ordinary-" + UUID.randomUUID() + "@example.com";
        String id = taken(key, denial(completedOrder(key, email))).get("id").asText();

        Screenings.awaitNumber("notices marked not sent", 1, "SELECT count(*) FROM adverse_action_notices "
                + "WHERE adverse_action_id = ? AND email_state = 'not_sent_test_mode'", id);

        assertThat(Mailbox.to(email)).isEmpty();
        assertThat(eventsOf(key, id)).extracting(event -> event.get("type").asText())
                .doesNotContain("adverse_action.notice_undeliverable");
    }

    /**
     * docs/integrators.md#adverse-actions, emails, and docs/operators.md#adverse-actions: a
     * mail server that refuses the address for good makes the notice undeliverable at once,
     * adverse_action.notice_undeliverable once (previous_status null, the adverse action as
     * data.object), and the notice stays downloadable.
     */
    @Test
    void aRefusedAddressMakesTheNoticeUndeliverableOnce() {
        String email = "unknown-" + UUID.randomUUID() + "@apply.test";
        String order = completedOrder(key, email);
        Mailbox.answerRecipient(email, "550 5.1.1 No such mailbox");
        String id = taken(key, denial(order)).get("id").asText();

        Screenings.awaitNumber("undeliverable notices", 1, "SELECT count(*) FROM adverse_action_notices "
                + "WHERE adverse_action_id = ? AND email_state = 'undeliverable' AND last_error LIKE '%550%'", id);

        JsonNode undeliverable = Api.get("/events?type=adverse_action.notice_undeliverable").key(key).send().json();
        assertThat(undeliverable.get("count").asLong()).isEqualTo(1);
        JsonNode event = undeliverable.get("data").get(0);
        assertThat(event.get("data").get("previous_status").isNull()).isTrue();
        assertThat(event.get("data").get("object").get("id").asText()).isEqualTo(id);
        assertThat(event.get("data").get("object").get("status").asText()).isEqualTo("completed");
        assertThat(Api.get("/adverse_actions/" + id + "/adverse_action_notice").key(key).send().status()).isEqualTo(200);
        // A task's row is deleted just after the transaction of its last attempt commits.
        Screenings.awaitNumber("attempts left", 0, "SELECT count(*) FROM scheduled_tasks WHERE task_name = 'send-adverse-action-notice' "
                + "AND task_instance LIKE ?", id + "/%");
        assertThat(Mailbox.to(email)).as("notices received (the invitation and the report's link may have come before the refusal)")
                .allMatch(mail -> mail.attachments().isEmpty());
    }

    /** openapi.yaml#webhooks: the adverse_action.* events reach an endpoint on loopback, carrying the AdverseAction. */
    @Test
    void theEventsAreDeliveredByWebhook() {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            Api.post("/webhook_endpoints").key(key).json("{\"webhook_endpoint\":{\"url\":\"" + receiver.url() + "\","
                    + "\"enabled_events\":[\"adverse_action.created\",\"adverse_action.completed\",\"adverse_action.canceled\"]}}")
                    .send();
            String canceled = taken(key, preAdverse(completedOrder(key))).get("id").asText();
            Api.post("/adverse_actions/" + canceled + "/cancel").key(key).send();
            String completed = taken(key, denial(completedOrder(key))).get("id").asText();

            List<WebhookReceiver.Received> deliveries = receiver.await(4, any -> true, Waits.PATIENCE);

            assertThat(deliveries).extracting(AdverseActionEmailTest::event)
                    .extracting(event -> event.get("type").asText() + " " + event.get("data").get("object").get("object").asText()
                            + " " + event.get("data").get("object").get("id").asText())
                    .containsExactlyInAnyOrder("adverse_action.created adverse_action " + canceled,
                            "adverse_action.canceled adverse_action " + canceled,
                            "adverse_action.created adverse_action " + completed,
                            "adverse_action.completed adverse_action " + completed);
        }
    }

    private static JsonNode event(WebhookReceiver.Received delivery) {
        try {
            return JSON.readTree(delivery.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The emails of this address that carry a notice (its invitation carries none), once there are this many. */
    private static List<Mail> noticeMails(String email, int count) {
        return await(email + " received " + count + " notice(s)").until(
                () -> Mailbox.to(email).stream().filter(mail -> !mail.attachments().isEmpty()).toList(), notices -> notices.size() >= count);
    }
}
