package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.disputes.DisputeService.DisputedRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the consumer is told and may do once a dispute is resolved (openapi.yaml#disputes):
 * the notice of results with every element of FCRA section 611(a)(6)(B), the description of how
 * the dispute was reinvestigated on request within 15 days (611(a)(7)), and earlier recipients
 * told of a deletion at the consumer's request, by a report notice (611(d);
 * openapi.yaml#report-notices, GET /report_notices, rules 1 and 2).
 */
@ExtendWith(FreshTenants.class)
class DisputeNoticesTest {

    private static final String SSN = "123-45-0001";

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * FCRA 611(a)(6)(B)(i) to (v): the outcome email says the reinvestigation is complete,
     * carries the revised report, and tells of the description on request, the statement and the
     * notification of earlier recipients, on the copy's page it links to, which offers them.
     */
    @Test
    void theOutcomeEmailStatesEveryElementAndLinksToThePageThatOffersThem() {
        String email = ReportCopies.applicantEmail();
        String order = order(email, "1990-04-27");
        resolve(open(order, "I never lived there. [deleted]"));

        Mailbox.Mail mail = await("the outcome email to " + email).until(() -> Mailbox.to(email).stream()
                .filter(sent -> sent.subject().equals("The outcome of your dispute of your screening report")).findFirst(),
                java.util.Optional::isPresent).orElseThrow();

        assertThat(mail.text()).contains("Our reinvestigation is complete", "based on your file as revised",
                "within 15 days of your request", "including the business name and address of each furnisher of information",
                "FCRA section 611(b)", "FCRA section 611(d)", "in the past 6 months");
        assertThat(mail.attachments()).singleElement().satisfies(pdf -> assertThat(pdf.contentType()).startsWith("application/pdf"));
        Pages.Page page = Pages.client().get(ReportCopies.link(mail));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.html()).contains("id=\"after-disputes\"", "Tell me how you checked", "Whom should we tell?");
    }

    /**
     * FCRA 611(a)(7) and 611(a)(6)(B)(iii): asked on the copy's page, the description is due 15
     * days after the request and emailed at once, naming the provider asked and the furnisher
     * contacted with its business name, address and telephone number; asking again sends
     * nothing more, and a dispute of another order is not found.
     */
    @Test
    void askingHowADisputeWasReinvestigatedEmailsTheDescription() {
        String email = ReportCopies.applicantEmail();
        String order = order(email, "1991-05-28");
        String dispute = open(order, "The case was dismissed. [deleted]");
        resolve(dispute);
        String link = link(order);
        Pages.Page page = Pages.client().get(link);

        Pages.Page asked = Pages.client().post(link + "/description", Pages.fields("form_token", page.formToken(), "dispute", dispute));

        assertThat(asked.status()).isEqualTo(200);
        assertThat(asked.html()).contains("We will email you the description by");
        List<Object> request = TestDatabase.rows("SELECT requested_at, due_at FROM dispute_description_requests WHERE dispute_id = ?",
                dispute).get(0);
        assertThat(Duration.between(instant(request.get(0)), instant(request.get(1)))).isEqualTo(Duration.ofDays(15));
        Mailbox.Mail description = await("the description emailed to " + email).until(() -> Mailbox.to(email).stream()
                .filter(sent -> sent.subject().equals("How we reinvestigated your dispute")).toList(), mails -> !mails.isEmpty()).get(0);
        assertThat(description.text()).contains("we asked test, the screening provider that reported it, to verify it again",
                "It contacted the furnisher of the information, Test Court Records Service (fictitious), 3 Test Plaza, Austin, TX "
                        + "78701, telephone 1-800-555-0144.", "It could not be confirmed, so it was removed from your report.",
                "Travis County Justice Court, Precinct 5");
        Screenings.awaitNumber("the description's email ended", 1,
                "SELECT count(*) FROM dispute_description_requests WHERE dispute_id = ? AND email = 'sent'", dispute);
        assertThat(Pages.client().get(link).html()).contains("we emailed you the description on");

        Pages.Page again = Pages.client().post(link + "/description", Pages.fields("form_token", page.formToken(), "dispute", dispute));
        assertThat(again.status()).isEqualTo(200);
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks WHERE task_name = 'email-dispute-description' "
                + "AND task_instance = ?", dispute)).isZero();
        String other = open(order(ReportCopies.applicantEmail(), "1991-05-29"), "Not mine. [unanswered]");
        assertThat(Pages.client().post(link + "/description", Pages.fields("form_token", page.formToken(), "dispute", other)).status())
                .isEqualTo(404);
    }

    /**
     * FCRA 611(d), openapi.yaml#report-notices: the page lists the reports about the consumer of
     * the six months before that contained what the dispute deleted (not another consumer's, not
     * an older one); the recipient ticked gets a report notice naming its own order and report
     * and what was deleted, once; a report not listed is refused and no one is told.
     */
    @Test
    void anEarlierRecipientTickedGetsAReportNoticeOnce() {
        String requester = "Maple Court LLC " + UUID.randomUUID();
        String earlier = order("ordinary-" + UUID.randomUUID() + "@example.com", "1988-02-14", requester);
        String old = order("ordinary-" + UUID.randomUUID() + "@example.com", "1988-02-14", "Long Ago Lettings");
        String otherConsumer = order("ordinary-" + UUID.randomUUID() + "@example.com", "1988-02-15", "Not The Same Consumer");
        TestDatabase.execute("UPDATE reports SET completed_at = now() - interval '6 months 1 day' WHERE order_id = '" + old + "'");
        String disputed = order("ordinary-" + UUID.randomUUID() + "@example.com", "1988-02-14");
        String dispute = open(disputed, "I was never a party to this case. [deleted]");
        resolve(dispute);
        String earlierReport = Screenings.report(key, earlier).get("id").asText();
        String link = link(disputed);
        Pages.Page page = Pages.client().get(link);

        assertThat(afterDisputes(page.html())).contains("name=\"recipient-" + earlierReport + "\"", ", for " + requester,
                "name=\"recipient-" + Screenings.report(key, disputed).get("id").asText() + "\"")
                .doesNotContain("Long Ago Lettings", "Not The Same Consumer");
        String oldReport = Screenings.report(key, old).get("id").asText();
        Pages.Page refused = Pages.client().post(link + "/recipients", Pages.fields("form_token", page.formToken(), "dispute", dispute,
                "recipient-" + earlierReport, "yes", "recipient-" + oldReport, "yes"));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.html()).contains("Tick only those listed on this page.");
        assertThat(Api.get("/report_notices").key(key).send().json().get("count").asLong()).isZero();
        assertThat(otherConsumer).isNotEqualTo(old);

        Pages.Page told = Pages.client().post(link + "/recipients", Pages.fields("form_token", page.formToken(), "dispute", dispute,
                "recipient-" + earlierReport, "yes"));
        Pages.Page again = Pages.client().post(link + "/recipients", Pages.fields("form_token", page.formToken(), "dispute", dispute,
                "recipient-" + earlierReport, "yes"));

        assertThat(told.status()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(200);
        assertThat(told.html()).contains("We have told those you ticked", "(told on ");
        JsonNode notices = Api.get("/report_notices").key(key).send().json();
        assertThat(notices.get("count").asLong()).isEqualTo(1);
        JsonNode notice = notices.get("data").get(0);
        assertThat(notice.get("object").asText()).isEqualTo("report_notice");
        assertThat(notice.get("id").asText()).startsWith("rnt_test_");
        assertThat(notice.get("type").asText()).isEqualTo("item_deleted");
        assertThat(notice.get("order_id").asText()).isEqualTo(earlier);
        assertThat(notice.get("report_id").asText()).isEqualTo(earlierReport);
        assertThat(notice.get("items")).hasSize(1);
        assertThat(notice.get("items").get(0).get("check").asText()).isEqualTo("eviction");
        assertThat(notice.get("items").get(0).get("record"))
                .isEqualTo(Screenings.report(key, earlier).get("checks").get(1).get("details").get("records").get(0));
        assertThat(notice.get("occurred_at").asText()).isEqualTo(Api.get("/disputes/" + dispute).key(key).send().json()
                .get("resolved_at").asText());
        assertThat(notice.toString()).doesNotContain(dispute, disputed);
        assertThat(Api.get("/report_notices/" + notice.get("id").asText()).key(key).send().json()).isEqualTo(notice);
        Api.get("/report_notices/" + notice.get("id").asText()).key(TestTenant.create().testKey()).send()
                .assertError(404, "not_found_error");
        Api.get("/report_notices/" + notice.get("id").asText()).key(tenant.liveKey()).send().assertError(404, "not_found_error");
    }

    /** The consumer's completed order (SSN ending 0001: an eviction record) at this address and date of birth. */
    private String order(String email, String dob) {
        return order(email, dob, null);
    }

    private String order(String email, String dob, String requester) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", email).put("ssn", SSN).put("dob", dob);
        if (requester != null) {
            OrderRequests.order(body).putObject("original_requester").put("external_id", "crm-" + UUID.randomUUID())
                    .put("type", "business").put("name", requester);
        }
        String id = OrderRequests.placed(key, body);
        if (email.endsWith("@apply.test")) {
            Screenings.submit(key, id);
        }
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** Opens a dispute of the order's eviction record, as the applicant's copy of the report does. */
    private String open(String order, String reason) {
        return TestServer.bean(DisputeService.class).open(new Tenant(tenant.id(), Mode.TEST), order,
                List.of(new DisputedRecord("eviction", 0)), reason).id();
    }

    private void resolve(String id) {
        await("dispute " + id + " resolved").until(() -> Api.get("/disputes/" + id).key(key).send().json(),
                dispute -> dispute.get("status").asText().equals("resolved"));
    }

    private String link(String order) {
        return Api.post("/test_helpers/orders/" + order + "/report_copy_link").key(key).send().json().get("url").asText();
    }

    /** The page's section about resolved disputes. */
    private static String afterDisputes(String html) {
        return html.substring(html.indexOf("id=\"after-disputes\""), html.indexOf("id=\"rights-heading\""));
    }

    private static Instant instant(Object timestamp) {
        return timestamp instanceof OffsetDateTime moment ? moment.toInstant() : ((java.sql.Timestamp) timestamp).toInstant();
    }
}
