package io.tenantscreening.conformance.copies;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.AdverseActionRequests;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.organizations.BillingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The applicant's copy as a disclosure of the consumer's file, not of one report
 * (docs/integrators.md#the-applicants-copy, docs/design.md#secrets-at-rest "Consumers"):
 * who received reports about the consumer in the past year (FCRA 609(a)(3)), and the 60 days
 * after the adverse action notice within which the free copy may be asked for (FCRA 612(b);
 * POST /test_helpers/orders/{id}/report_copy_link, rule 4).
 */
@ExtendWith(FreshTenants.class)
class ConsumerFileTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Fresh
    private String key;

    /**
     * FCRA 609(a)(3)(A): every report about the same consumer (the same SSN and date of birth)
     * furnished in the year before is listed, with the end user it was ordered for; in test mode
     * only the organisation's own orders count; another date of birth is another consumer.
     */
    @Test
    void theCopyListsEveryReportAboutTheConsumerInThePastYear() throws Exception {
        String ssn = "123-45-" + (6000 + (int) (Math.random() * 3000));
        String requester = "Maple Court LLC " + UUID.randomUUID();
        String first = completedOrder(key, ssn, "1988-02-14", null);
        String second = completedOrder(key, ssn, "1988-02-14", requester);
        String otherPerson = completedOrder(key, ssn, "1988-02-15", "Not The Same Consumer " + UUID.randomUUID());
        String elsewhere = completedOrder(TestTenant.create().testKey(), ssn, "1988-02-14", "Another Organisation's " + UUID.randomUUID());

        String html = Pages.client().get(link(first)).html();

        assertThat(html).contains("Who received reports about you in the past year", ", for " + requester)
                .doesNotContain("Not The Same Consumer", "Another Organisation&#39;s", "Another Organisation's");
        assertThat(procurementLines(html)).isEqualTo(2);
        String pdf = pdfText(link(second)).replace('\n', ' ');
        assertThat(pdf).contains("Who received reports about you in the past year", ", for " + requester);
        assertThat(otherPerson).isNotEqualTo(elsewhere);
    }

    /**
     * FCRA 609(a)(3)(A) and docs/design.md#secrets-at-rest ("Consumers"): in live mode the
     * consumer's file spans the agency's organisations, so the copy of one organisation's
     * report lists the report another organisation procured about the same consumer.
     */
    @Test
    void inLiveModeTheCopyListsReportsOfEveryOrganisation() {
        TestTenant first = TestTenant.create().billing(BillingSettings.PaymentMethod.OK, false);
        TestTenant second = TestTenant.create().billing(BillingSettings.PaymentMethod.OK, false);
        String ssn = "123-45-" + (6000 + (int) (Math.random() * 3000));
        String requester = "Harbor Lettings " + UUID.randomUUID();
        String email = "live-" + UUID.randomUUID() + "@example.com";
        completedLiveOrder(first, ssn, "1984-09-09", "first-" + UUID.randomUUID() + "@example.com", requester);
        completedLiveOrder(second, ssn, "1984-09-09", email, null);

        String html = Pages.client().get(ReportCopies.link(ReportCopies.copyMails(email, 1).get(0))).html();

        assertThat(html).contains(", for " + requester);
        assertThat(procurementLines(html)).isEqualTo(2);
    }

    /** FCRA 609(a)(3)(A)(ii): a report furnished more than a year before the copy is read is not listed. */
    @Test
    void aReportOlderThanAYearIsNotListed() {
        String ssn = "123-45-" + (6000 + (int) (Math.random() * 3000));
        String requester = "Long Ago Lettings " + UUID.randomUUID();
        String old = completedOrder(key, ssn, "1979-07-01", requester);
        String recent = completedOrder(key, ssn, "1979-07-01", null);
        TestDatabase.execute("UPDATE reports SET completed_at = now() - interval '1 year 1 day' WHERE order_id = '" + old + "'");

        String html = Pages.client().get(link(recent)).html();

        assertThat(html).doesNotContain(requester);
        assertThat(procurementLines(html)).isEqualTo(1);
    }

    /**
     * FCRA 612(b): the applicant may ask for the free copy within 60 days of the adverse action
     * notice, so the notice makes a link work again for the link period after it; once that
     * period after the notice is over too, the link has expired.
     */
    @Test
    void theAdverseActionNoticeKeepsTheLinkWorkingForTheLinkPeriodAfterIt() {
        String id = completedOrder(key, "123-45-0001", "1990-01-01", null);
        String link = link(id);
        TestDatabase.execute("UPDATE report_copy_links SET created_at = now() - interval '61 days', "
                + "expires_at = now() - interval '1 day' WHERE order_id = '" + id + "'");
        assertThat(Pages.client().get(link).status()).isEqualTo(410);

        AdverseActionRequests.taken(key, AdverseActionRequests.denial(id));

        assertThat(Pages.client().get(link).status()).isEqualTo(200);
        TestDatabase.execute("UPDATE adverse_actions SET adverse_action_notice_sent_at = now() - interval '60 days 1 minute', "
                + "completed_at = now() - interval '60 days 1 minute', created_at = now() - interval '60 days 1 minute' "
                + "WHERE order_id = '" + id + "'");
        assertThat(Pages.client().get(link).status()).isEqualTo(410);
    }

    /** POST /test_helpers/orders/{id}/report_copy_link, rule 4: a link made after the notice expires the link period after it at the earliest. */
    @Test
    void aLinkMadeAfterTheNoticeAnswersTheLaterExpiry() {
        String id = completedOrder(key, "123-45-0001", "1990-01-01", null);
        AdverseActionRequests.taken(key, AdverseActionRequests.denial(id));
        TestDatabase.execute("UPDATE adverse_actions SET adverse_action_notice_sent_at = now() + interval '10 days' "
                + "WHERE order_id = '" + id + "'");

        String expires = Api.post("/test_helpers/orders/" + id + "/report_copy_link").key(key).send().json()
                .get("expires_at").asText();

        assertThat(java.time.Instant.parse(expires)).isAfter(java.time.Instant.now().plus(Duration.ofDays(69)));
    }

    /**
     * docs/integrators.md#new-links, FCRA 610(a)(1) (proper identification): an expired link's
     * page sends a new link to another address once the applicant gives the date of birth and
     * the SSN's last four digits the service holds; details that do not match send nothing, a
     * malformed field is named; the old address is told, with the new one masked.
     */
    @Test
    void anExpiredLinkCanBeSentToAnotherAddressOnceTheApplicantProvesWhoTheyAre() {
        String email = ReportCopies.applicantEmail();
        String elsewhere = ReportCopies.applicantEmail();
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", "123-45-0001").put("dob", "1990-01-01");
        String id = placed(key, body);
        Screenings.submit(key, id);
        Screenings.complete(key, id);
        String link = ReportCopies.link(ReportCopies.copyMails(email, 1).get(0));
        TestDatabase.execute("UPDATE report_copy_links SET created_at = now() - interval '61 days', "
                + "expires_at = now() - interval '1 day' WHERE order_id = '" + id + "'");
        Pages.Page expired = Pages.client().get(link);

        Pages.Page malformed = Pages.client().post(link + "/renew", Pages.fields("form_token", expired.formToken(),
                "email", "not an address", "date_of_birth", "01/01/1990", "ssn_last_four", "01"));
        Pages.Page wrong = Pages.client().post(link + "/renew", Pages.fields("form_token", expired.formToken(),
                "email", elsewhere, "date_of_birth", "1990-01-02", "ssn_last_four", "0001"));
        Pages.Page sent = Pages.client().post(link + "/renew", Pages.fields("form_token", expired.formToken(),
                "email", elsewhere, "date_of_birth", "1990-01-01", "ssn_last_four", "0001"));

        assertThat(expired.status()).isEqualTo(410);
        assertThat(expired.html()).contains("Send it to another address", "name=\"date_of_birth\"", "name=\"ssn_last_four\"");
        assertThat(malformed.status()).isEqualTo(422);
        assertThat(malformed.html()).contains("id=\"email-error\"", "id=\"date_of_birth-error\"", "id=\"ssn_last_four-error\"");
        assertThat(wrong.status()).isEqualTo(422);
        assertThat(wrong.html()).contains("id=\"identity-error\"", "do not match");
        assertThat(sent.status()).isEqualTo(200);
        assertThat(sent.html()).contains("to the address you gave");
        String newLink = ReportCopies.link(ReportCopies.copyMails(elsewhere, 1).get(0));
        assertThat(Pages.client().get(newLink).status()).isEqualTo(200);
        Mailbox.Mail told = Waits.await("the old address told that a link went elsewhere").until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals("A link to your screening report went to another address")).findFirst(),
                java.util.Optional::isPresent).orElseThrow();
        assertThat(told.text()).contains(elsewhere.charAt(0) + "\u2022\u2022\u2022@apply.test").doesNotContain(elsewhere, "/my-report/");
        assertThat(TestDatabase.rows("SELECT matched FROM report_copy_identity_checks WHERE order_id = ? ORDER BY checked_at", id))
                .containsExactly(java.util.List.of(false), java.util.List.of(true));
    }

    /** docs/integrators.md#new-links: after five failed attempts in a day, none is checked until the day has passed. */
    @Test
    void fiveFailedAttemptsInADayLockTheOtherAddressOut() {
        String id = completedOrder(key, "123-45-0001", "1990-01-01", null);
        String link = link(id);
        TestDatabase.execute("UPDATE report_copy_links SET created_at = now() - interval '61 days', "
                + "expires_at = now() - interval '1 day' WHERE order_id = '" + id + "'");
        String formToken = Pages.client().get(link).formToken();
        for (int attempt = 0; attempt < 5; attempt++) {
            assertThat(Pages.client().post(link + "/renew", Pages.fields("form_token", formToken, "email", "someone@example.com",
                    "date_of_birth", "1990-01-0" + (attempt + 2), "ssn_last_four", "0001")).status()).isEqualTo(422);
        }

        Pages.Page locked = Pages.client().post(link + "/renew", Pages.fields("form_token", formToken, "email", "someone@example.com",
                "date_of_birth", "1990-01-01", "ssn_last_four", "0001"));

        assertThat(locked.status()).isEqualTo(429);
        assertThat(locked.html()).contains("Too many attempts did not match");
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", id)).isEqualTo(1);
    }

    /** A live order of the organisation for this consumer, made pending as the applicant's submission does, then completed by the sandbox. */
    private static void completedLiveOrder(TestTenant tenant, String ssn, String dob, String email, String requester) {
        String liveKey = tenant.liveKey();
        String id = placed(liveKey, consumerOrder(ssn, dob, email, requester));
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), id, OrderLifecycle.Actor.APPLICANT, Set.of());
        Screenings.awaitStatus(liveKey, id, "completed");
    }

    private static String completedOrder(String key, String ssn, String dob, String requester) {
        String id = placed(key, consumerOrder(ssn, dob, "ordinary-" + UUID.randomUUID() + "@example.com", requester));
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** An order for the consumer with this SSN and date of birth, at this address, for the end user named (none when null). */
    private static ObjectNode consumerOrder(String ssn, String dob, String email, String requester) {
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", ssn).put("dob", dob);
        if (requester != null) {
            order(body).putObject("original_requester").put("external_id", "crm-" + UUID.randomUUID()).put("type", "business")
                    .put("name", requester);
        }
        return body;
    }

    private String link(String orderId) {
        return Api.post("/test_helpers/orders/" + orderId + "/report_copy_link").key(key).send().json().get("url").asText();
    }

    /** How many reports the copy page's list names (one line each, beside the introduction and the closing line). */
    private static int procurementLines(String html) {
        String section = html.substring(html.indexOf("id=\"procurements\""), html.indexOf("id=\"dispute\""));
        return section.split("<li").length - 1 - 2 - (int) section.lines().filter(line -> line.contains("class=\"detail\"")).count();
    }

    private static String pdfText(String link) throws Exception {
        HttpResponse<byte[]> pdf = HTTP.send(HttpRequest.newBuilder(URI.create(link + "/report.pdf")).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return AdverseActionRequests.text(pdf.body());
    }
}
