package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.BusinessDays;
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
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.organizations.BillingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deleted information stays out of the same consumer's later reports (FCRA section
 * 611(a)(5)(C)), whole checks included and across organisations in live mode, and comes back
 * only when its furnisher certifies it, with a notice to the consumer within five business
 * days (611(a)(5)(B)): openapi.yaml#disputes ("Deleted information stays out", "Reinsertion"),
 * the marker of openapi.yaml#test-mode ("Certified information").
 */
@ExtendWith(FreshTenants.class)
class ReinsertionTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * FCRA 611(a)(5)(B): a deleted record whose furnisher certifies it is back in the later
     * report; the consumer is emailed that it was reinserted, by whom (business name, address,
     * telephone number) and their right to add a statement, due five business days after; the
     * deletion then no longer keeps it out of their reports.
     */
    @Test
    void aCertifiedDeletedRecordIsReinsertedAndTheConsumerTold() {
        String dob = "1986-03-09";
        String first = order("ordinary-" + UUID.randomUUID() + "@example.com", "Rivera", "123-45-0001", dob);
        JsonNode record = Screenings.report(key, first).get("checks").get(1).get("details").get("records").get(0);
        resolve(open(first, List.of(new DisputedRecord("eviction", 0)), "Not mine. [deleted]"));
        String email = ReportCopies.applicantEmail();

        String certified = order(email, "Rivera [certified]", "123-45-0001", dob);

        assertThat(Screenings.report(key, certified).get("checks").get(1).get("details").get("records")).containsExactly(record);
        Mailbox.Mail notice = await("the notice of reinsertion to " + email).until(() -> Mailbox.to(email).stream()
                .filter(mail -> mail.subject().equals("Information was put back in your screening file")).findFirst(),
                java.util.Optional::isPresent).orElseThrow();
        assertThat(notice.text()).contains("has been put back (reinserted) in your file",
                "certified to us that it is complete and accurate", record.get("court").asText(),
                "certified by Test Court Records Service (fictitious), 3 Test Plaza, Austin, TX 78701, telephone 1-800-555-0144.",
                "You have the right to add a statement to your file", "FCRA section 611(b)");
        assertThat(Pages.client().get(ReportCopies.link(notice)).status()).isEqualTo(200);
        String zone = TestServer.bean(AgencySettings.class).getTimeZone().getId();
        List<Object> reinsertion = TestDatabase.rows("SELECT ((reinserted_at AT TIME ZONE ?)::date)::text, notice_due_on::text "
                + "FROM reinsertions WHERE order_id = ?", zone, certified).get(0);
        assertThat(reinsertion.get(1)).isEqualTo(BusinessDays.after(LocalDate.parse((String) reinsertion.get(0)), 5).toString());
        Screenings.awaitNumber("the notice of reinsertion sent", 1,
                "SELECT count(*) FROM reinsertions WHERE order_id = ? AND notice = 'sent'", certified);

        String later = order("ordinary-" + UUID.randomUUID() + "@example.com", "Rivera", "123-45-0001", dob);
        assertThat(Screenings.report(key, later).get("checks").get(1).get("details").get("records")).containsExactly(record);
    }

    /**
     * FCRA 611(a)(5)(C): a whole credit check whose findings were deleted reappears deleted in
     * the consumer's later report, as the dispute left it, and with the same recommendation
     * rule (check_not_ordered); another consumer's is stated; a certified one is reinserted.
     */
    @Test
    void theFindingsOfADeletedWholeCheckStayDeletedUnlessCertified() {
        String dob = "1979-11-30";
        String first = order("ordinary-" + UUID.randomUUID() + "@example.com", "Rivera", "123-45-0000", dob);
        JsonNode credit = Screenings.report(key, first).get("checks").get(0);
        resolve(open(first, List.of(DisputedRecord.wholeCheck("credit")), "These accounts are not mine. [deleted]"));

        JsonNode again = Screenings.report(key, order("ordinary-" + UUID.randomUUID() + "@example.com", "Rivera", "123-45-0000", dob))
                .get("checks").get(0);
        JsonNode other = Screenings.report(key, order("ordinary-" + UUID.randomUUID() + "@example.com", "Rivera", "123-45-0000",
                "1979-12-01")).get("checks").get(0);
        JsonNode certified = Screenings.report(key, order("ordinary-" + UUID.randomUUID() + "@example.com", "Rivera [certified]",
                "123-45-0000", dob)).get("checks").get(0);

        assertThat(again.get("findings_deleted").asBoolean()).isTrue();
        assertThat(again.get("details").toString()).isEqualTo("{}");
        assertThat(again.get("result").asText()).isEqualTo("clear");
        assertThat(other.get("details")).isEqualTo(credit.get("details"));
        assertThat(certified.get("findings_deleted").asBoolean()).isFalse();
        assertThat(certified.get("details")).isEqualTo(credit.get("details"));
    }

    /**
     * FCRA 611(a)(5)(C), docs/design.md#secrets-at-rest ("Consumers"): in live mode a record
     * deleted from one organisation's report stays out of another organisation's later report on
     * the same consumer, while that organisation's report on another consumer still shows it.
     */
    @Test
    void inLiveModeARecordDeletedInOneOrganisationsReportStaysOutOfAnothers() {
        TestTenant first = TestTenant.create().billing(BillingSettings.PaymentMethod.OK, false);
        TestTenant second = TestTenant.create().billing(BillingSettings.PaymentMethod.OK, false);
        String ssn = String.format("%03d-%02d-0001", 200 + (int) (Math.random() * 400), 10 + (int) (Math.random() * 90));
        String dob = "1983-06-21";
        String firstKey = first.liveKey();
        String disputed = liveOrder(first, firstKey, ssn, dob);
        JsonNode record = Screenings.report(firstKey, disputed).get("checks").get(1).get("details").get("records").get(0);
        String dispute = TestServer.bean(DisputeService.class).open(new Tenant(first.id(), Mode.LIVE), disputed,
                List.of(new DisputedRecord("eviction", 0)), "Never lived there. [deleted]").id();
        await("live dispute " + dispute + " resolved").until(() -> Api.get("/disputes/" + dispute).key(firstKey).send().json(),
                read -> read.get("status").asText().equals("resolved"));

        String secondKey = second.liveKey();
        JsonNode same = Screenings.report(secondKey, liveOrder(second, secondKey, ssn, dob)).get("checks").get(1);
        JsonNode another = Screenings.report(secondKey, liveOrder(second, secondKey, ssn, "1950-06-15")).get("checks").get(1);

        assertThat(same.get("provider").asText()).isEqualTo("sandbox");
        assertThat(same.get("details").get("records")).isEmpty();
        assertThat(same.get("result").asText()).isEqualTo("clear");
        assertThat(another.get("details").get("records")).containsExactly(record);
    }

    /** A completed essential test order for this consumer (SSN and date of birth) at this address, with this last name. */
    private String order(String email, String lastName, String ssn, String dob) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", email).put("last_name", lastName).put("ssn", ssn).put("dob", dob);
        String id = OrderRequests.placed(key, body);
        if (email.endsWith("@apply.test")) {
            Screenings.submit(key, id);
        }
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** A live essential order of the organisation for this consumer, made pending as the applicant's submission does, completed by the sandbox. */
    private static String liveOrder(TestTenant tenant, String liveKey, String ssn, String dob) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", "live-" + UUID.randomUUID() + "@example.com").put("ssn", ssn).put("dob", dob);
        String id = OrderRequests.placed(liveKey, body);
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), id, OrderLifecycle.Actor.APPLICANT, Set.of());
        Screenings.awaitStatus(liveKey, id, "completed");
        return id;
    }

    private String open(String order, List<DisputedRecord> records, String reason) {
        return TestServer.bean(DisputeService.class).open(new Tenant(tenant.id(), Mode.TEST), order, records, reason).id();
    }

    private void resolve(String id) {
        await("dispute " + id + " resolved").until(() -> Api.get("/disputes/" + id).key(key).send().json(),
                dispute -> dispute.get("status").asText().equals("resolved"));
    }
}
