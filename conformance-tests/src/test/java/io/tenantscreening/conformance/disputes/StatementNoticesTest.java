package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Earlier recipients sent the consumer's statement of dispute at their request (FCRA section
 * 611(d); openapi.yaml#report-notices, "Statements of dispute", GET /report_notices, rule 3;
 * docs/integrators.md, the copy page's "Add your side").
 */
@ExtendWith(FreshTenants.class)
class StatementNoticesTest {

    private static final String SSN = "123-45-0001";
    private static final String DOB = "1988-02-14";
    private static final String STATEMENT = "The case was dismissed and I owed nothing.";

    @Fresh
    private String key;

    /**
     * FCRA section 611(d), openapi.yaml#report-notices ("Statements of dispute"): once the
     * statement is filed, the page lists the reports about the consumer completed within the six
     * months before the request, no later than the statement, that contained the disputed record
     * that stayed (not an older one, not one without it, not one after the statement, not another
     * consumer's); a report not listed is 422 and no one is told; the recipient ticked gets a
     * statement_of_dispute notice with the statement's text and, in occurred_at, when it was filed,
     * once however often it is ticked.
     */
    @Test
    void theRecipientsTickedAreSentTheStatementOnce() {
        String requester = "Maple Court LLC " + UUID.randomUUID();
        String earlier = order("essential", DOB, requester);
        String old = order("essential", DOB, null);
        String creditOnly = order("starter", DOB, null);
        String otherConsumer = order("essential", "1988-02-15", "Not The Same Consumer");
        TestDatabase.execute("UPDATE reports SET completed_at = now() - interval '6 months 1 day' WHERE order_id = '" + old + "'");
        String disputed = order("essential", DOB, null);
        String dispute = open(disputed, "[{\"check\": \"eviction\", \"record\": 0}]", "The case was not mine.");
        awaitResolved(dispute);
        String link = link(disputed);
        String earlierReport = reportId(earlier);
        Pages.Page before = Pages.client().get(link);
        assertThat(afterDisputes(before.html())).doesNotContain("/statement-recipients", "recipient-" + earlierReport);
        assertThat(tell(link, before, dispute, earlierReport).status()).isEqualTo(422);

        assertThat(Api.post("/test_helpers/disputes/" + dispute + "/statement").key(key)
                .json("{\"statement\": \"" + STATEMENT + "\"}").send().status()).isEqualTo(200);
        String later = order("essential", DOB, "After The Statement");
        Pages.Page page = Pages.client().get(link);

        assertThat(afterDisputes(page.html())).contains("/statement-recipients", "name=\"recipient-" + earlierReport + "\"",
                ", for " + requester, "name=\"recipient-" + reportId(disputed) + "\"")
                .doesNotContain("recipient-" + reportId(old), "recipient-" + reportId(creditOnly), "After The Statement",
                        "Not The Same Consumer");
        for (String ineligible : new String[] {old, creditOnly, later, otherConsumer}) {
            Pages.Page refused = tell(link, page, dispute, earlierReport, reportId(ineligible));
            assertThat(refused.status()).as(ineligible).isEqualTo(422);
            assertThat(refused.html()).contains("Tick only those listed on this page.");
        }
        assertThat(Api.get("/report_notices").key(key).send().json().get("count").asLong()).isZero();

        Pages.Page told = tell(link, page, dispute, earlierReport);
        Pages.Page again = tell(link, page, dispute, earlierReport);

        assertThat(told.status()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(200);
        assertThat(told.html()).contains("We have sent your statement to those you ticked.", "(sent on ");
        JsonNode notices = Api.get("/report_notices").key(key).send().json();
        assertThat(notices.get("count").asLong()).isEqualTo(1);
        JsonNode notice = notices.get("data").get(0);
        assertThat(notice.get("type").asText()).isEqualTo("statement_of_dispute");
        assertThat(notice.get("order_id").asText()).isEqualTo(earlier);
        assertThat(notice.get("report_id").asText()).isEqualTo(earlierReport);
        assertThat(notice.get("statement").asText()).isEqualTo(STATEMENT);
        assertThat(notice.get("items")).hasSize(1);
        assertThat(notice.get("items").get(0).get("check").asText()).isEqualTo("eviction");
        assertThat(notice.get("items").get(0).get("record"))
                .isEqualTo(Screenings.report(key, earlier).get("checks").get(1).get("details").get("records").get(0));
        assertThat(notice.get("occurred_at").asText()).isEqualTo(dispute(dispute).get("statement").get("filed_at").asText());
        assertThat(notice.toString()).doesNotContain(dispute, disputed);
        assertThat(Api.get("/report_notices/" + notice.get("id").asText()).key(key).send().json()).isEqualTo(notice);
    }

    /**
     * FCRA section 611(d), openapi.yaml#report-notices ("Statements of dispute"), GET
     * /report_notices, rule 3: a dispute that deleted one check and kept a record tells the same
     * report of each once, by a notice of each type; the deletion's has no statement.
     */
    @Test
    void aReportIsToldOfADeletionAndOfTheStatementOfOneDisputeApart() {
        String order = order("essential", DOB, null);
        String first = open(order, "[{\"check\": \"eviction\", \"record\": 0}]", "Not mine. [unanswered]");
        String mixed = open(order, "[{\"check\": \"eviction\", \"record\": 0}, {\"check\": \"credit\"}]", "Neither is mine. [deleted]");
        Api.post("/test_helpers/disputes/" + first + "/resolve").key(key).json("{\"outcome\": \"upheld\"}").send();
        awaitResolved(mixed);
        Api.post("/test_helpers/disputes/" + mixed + "/statement").key(key).json("{\"statement\": \"" + STATEMENT + "\"}").send();
        String link = link(order);
        String report = reportId(order);
        Pages.Page page = Pages.client().get(link);

        assertThat(Pages.client().post(link + "/recipients", Pages.fields("form_token", page.formToken(), "dispute", mixed,
                "recipient-" + report, "yes")).status()).isEqualTo(200);
        assertThat(afterDisputes(Pages.client().get(link).html())).contains("name=\"recipient-" + report + "\"");
        assertThat(tell(link, page, mixed, report).status()).isEqualTo(200);
        assertThat(tell(link, page, mixed, report).status()).isEqualTo(200);

        JsonNode notices = Api.get("/report_notices").key(key).send().json().get("data");
        assertThat(notices).extracting(notice -> notice.get("type").asText())
                .containsExactlyInAnyOrder("item_deleted", "statement_of_dispute");
        for (JsonNode notice : notices) {
            boolean statement = notice.get("type").asText().equals("statement_of_dispute");
            assertThat(notice.get("report_id").asText()).isEqualTo(report);
            assertThat(notice.get("statement").isNull()).isEqualTo(!statement);
            assertThat(notice.get("items").get(0).get("check").asText()).isEqualTo(statement ? "eviction" : "credit");
        }
    }

    /**
     * FCRA section 611(d), openapi.yaml#report-notices ("Statements of dispute"): a corrected
     * check stayed, so its statement goes to an earlier report that stated the findings as
     * they were disputed, before the correction.
     */
    @Test
    void aCorrectedCheckIsMatchedAsItWasDisputed() {
        String earlier = order("starter", DOB, null);
        String disputed = order("essential", DOB, null);
        String dispute = open(disputed, "[{\"check\": \"credit\"}]", "My score is higher than that. [corrected]");
        awaitResolved(dispute);
        assertThat(dispute(dispute).get("items").get(0).get("outcome").asText()).isEqualTo("corrected");
        Api.post("/test_helpers/disputes/" + dispute + "/statement").key(key).json("{\"statement\": \"" + STATEMENT + "\"}").send();
        String link = link(disputed);

        Pages.Page told = tell(link, Pages.client().get(link), dispute, reportId(earlier));

        assertThat(told.status()).isEqualTo(200);
        JsonNode notice = Api.get("/report_notices").key(key).send().json().get("data").get(0);
        assertThat(notice.get("report_id").asText()).isEqualTo(reportId(earlier));
        assertThat(notice.get("items").get(0).get("check").asText()).isEqualTo("credit");
        assertThat(notice.get("items").get(0).get("record").isNull()).isTrue();
    }

    private Pages.Page tell(String link, Pages.Page page, String dispute, String... reports) {
        String[] fields = new String[4 + 2 * reports.length];
        fields[0] = "form_token";
        fields[1] = page.formToken();
        fields[2] = "dispute";
        fields[3] = dispute;
        for (int i = 0; i < reports.length; i++) {
            fields[4 + 2 * i] = "recipient-" + reports[i];
            fields[5 + 2 * i] = "yes";
        }
        return Pages.client().post(link + "/statement-recipients", Pages.fields(fields));
    }

    /** The consumer's completed order (SSN ending 0001: an eviction record) of this package, for this date of birth. */
    private String order(String pack, String dob, String requester) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.order(body).put("package", pack);
        OrderRequests.applicant(body).put("email", "ordinary-" + UUID.randomUUID() + "@example.com").put("ssn", SSN).put("dob", dob);
        if (requester != null) {
            OrderRequests.order(body).putObject("original_requester").put("external_id", "crm-" + UUID.randomUUID())
                    .put("type", "business").put("name", requester);
        }
        String id = OrderRequests.placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    private String open(String order, String items, String reason) {
        ApiResponse opened = Api.post("/test_helpers/orders/" + order + "/disputes").key(key)
                .json("{\"dispute\": {\"items\": " + items + ", \"reason\": \"" + reason + "\"}}").send();
        assertThat(opened.status()).as(opened.body()).isEqualTo(201);
        return opened.json().get("id").asText();
    }

    private JsonNode dispute(String id) {
        return Api.get("/disputes/" + id).key(key).send().json();
    }

    private void awaitResolved(String id) {
        await("dispute " + id + " resolved").until(() -> dispute(id), dispute -> dispute.get("status").asText().equals("resolved"));
    }

    private String reportId(String order) {
        return Screenings.report(key, order).get("id").asText();
    }

    private String link(String order) {
        return Api.post("/test_helpers/orders/" + order + "/report_copy_link").key(key).send().json().get("url").asText();
    }

    /** The page's section about resolved disputes. */
    private static String afterDisputes(String html) {
        return html.substring(html.indexOf("id=\"after-disputes\""), html.indexOf("id=\"rights-heading\""));
    }
}
