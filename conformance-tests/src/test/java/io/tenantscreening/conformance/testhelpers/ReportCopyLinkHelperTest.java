package io.tenantscreening.conformance.testhelpers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Mailbox;
import io.tenantscreening.conformance.support.Pages;
import io.tenantscreening.conformance.support.ReportCopies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test helper that answers a link to the applicant's copy of a completed test order's
 * report: POST /test_helpers/orders/{id}/report_copy_link, rules 1 to 5, with the copy it
 * opens (openapi.yaml#the-applicants-copy, docs/integrators.md#the-copy-page).
 */
@ExtendWith(FreshTenants.class)
class ReportCopyLinkHelperTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Fresh
    private String key;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    /** POST /test_helpers/orders/{id}/report_copy_link, rule 1: with a live key the path does not exist. */
    @Test
    void forALiveKeyThePathDoesNotExist() {
        String live = placed(liveKey, body());
        String path = "/test_helpers/orders/" + live + "/report_copy_link";

        JsonNode error = Api.post(path).key(liveKey).send().assertError(404, "not_found_error");

        assertThat(error.get("detail").asText())
                .isEqualTo("No resource matches POST " + path + ". See GET /openapi.yaml for the routes this API serves.");
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", live)).isZero();
    }

    /** POST /test_helpers/orders/{id}/report_copy_link, rule 2: another organisation's order is not found. */
    @Test
    void anotherOrganisationsOrderIsNotFound() {
        String foreignKey = TestTenant.create().testKey();
        String foreign = completedOrder(foreignKey, "ordinary-" + UUID.randomUUID() + "@example.com");

        Api.post("/test_helpers/orders/" + foreign + "/report_copy_link").key(key).send().assertError(404, "not_found_error");
        Api.post("/test_helpers/orders/ord_test_" + "0".repeat(24) + "/report_copy_link").key(key).send()
                .assertError(404, "not_found_error");

        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", foreign)).isZero();
    }

    /**
     * POST /test_helpers/orders/{id}/report_copy_link, rule 3: an order without a report
     * (waiting, pending) or that never gets one (canceled) is refused on its id, and no link
     * is made.
     */
    @Test
    void anOrderThatIsNotCompletedIsRefusedOnItsId() {
        ObjectNode walking = body();
        applicant(walking).put("email", ReportCopies.applicantEmail());
        String waiting = placed(key, walking);
        String canceled = placed(key, body());
        Api.post("/orders/" + canceled + "/cancel").key(key).send();
        String pending = placed(key, body());

        for (String id : List.of(pending, waiting, canceled)) {
            JsonNode errors = Api.post("/test_helpers/orders/" + id + "/report_copy_link").key(key).send().assertValidationErrors();

            assertThat(errors).hasSize(1);
            assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
            assertThat(errors.get(0).get("detail").asText()).contains("only a completed order has a report");
            assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE order_id = ?", id)).isZero();
        }
    }

    /**
     * POST /test_helpers/orders/{id}/report_copy_link, rule 4: every call makes a new link that
     * opens the applicant's copy (the page and its PDF, over real HTTP) until the link period
     * after the call; the earlier link keeps working.
     */
    @Test
    void eachCallMakesANewLinkThatOpensTheCopyAndItsPdf() throws Exception {
        String id = completedOrder(key, "ordinary-" + UUID.randomUUID() + "@example.com");
        String reportId = Screenings.report(key, id).get("id").asText();
        Instant before = Instant.now();

        ApiResponse first = Api.post("/test_helpers/orders/" + id + "/report_copy_link").key(key).send();
        JsonNode second = Api.post("/test_helpers/orders/" + id + "/report_copy_link").key(key).send().json();
        Instant after = Instant.now();

        assertThat(first.status()).isEqualTo(201);
        JsonNode link = first.json();
        assertThat(link.get("object").asText()).isEqualTo("report_copy_link");
        assertThat(link.get("live_mode").asBoolean()).isFalse();
        assertThat(link.get("order_id").asText()).isEqualTo(id);
        assertThat(link.get("url").asText()).matches("http://\\S+/my-report/[A-Za-z0-9_-]{43}");
        assertThat(second.get("url").asText()).isNotEqualTo(link.get("url").asText());
        Instant expires = Instant.parse(link.get("expires_at").asText());
        assertThat(expires).isBetween(before.plus(Duration.ofDays(60)).minusSeconds(1), after.plus(Duration.ofDays(60)));
        for (JsonNode made : List.of(link, second)) {
            Pages.Page page = Pages.client().get(made.get("url").asText());
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.html()).contains("Your screening report", reportId, id, "Send my dispute");
            HttpResponse<byte[]> pdf = HTTP.send(HttpRequest.newBuilder(URI.create(made.get("url").asText() + "/report.pdf")).GET()
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(pdf.statusCode()).isEqualTo(200);
            assertThat(pdf.headers().firstValue("Content-Type")).hasValue("application/pdf");
            assertThat(pdf.headers().firstValue("Content-Disposition"))
                    .hasValue("attachment; filename=\"screening-report-" + reportId + ".pdf\"");
            assertThat(new String(pdf.body(), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        }
    }

    /**
     * POST /test_helpers/orders/{id}/report_copy_link, rule 5: nothing is emailed, even to the
     * applicant-experience profile, and the service keeps only the digest of the link's token:
     * no seed, no email work, the token nowhere in the database.
     */
    @Test
    void nothingIsEmailedAndOnlyTheTokensDigestIsKept() throws Exception {
        String email = ReportCopies.applicantEmail();
        ObjectNode walking = body();
        applicant(walking).put("email", email);
        String id = placed(key, walking);
        Screenings.submit(key, id);
        Screenings.complete(key, id);
        ReportCopies.copyMails(email, 1);
        String ordinaryEmail = "ordinary-" + UUID.randomUUID() + "@example.com";
        String ordinary = completedOrder(key, ordinaryEmail);

        String url = Api.post("/test_helpers/orders/" + id + "/report_copy_link").key(key).send().json().get("url").asText();
        Api.post("/test_helpers/orders/" + ordinary + "/report_copy_link").key(key).send();

        String token = ReportCopies.token(url);
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links WHERE token_digest = ? AND token_key_id IS NULL "
                + "AND token_nonce IS NULL AND sent_at IS NULL", digest)).isOne();
        assertThat(TestDatabase.number("SELECT count(*) FROM scheduled_tasks s JOIN report_copy_links l ON s.task_instance = l.id "
                + "WHERE l.order_id IN (?, ?)", id, ordinary)).isZero();
        assertThat(TestDatabase.number("SELECT count(*) FROM report_copy_links l WHERE strpos(row_to_json(l)::text, ?) > 0", token))
                .isZero();
        assertThat(Mailbox.to(email)).as("the link of the order's completion only, beside its invitation")
                .filteredOn(mail -> mail.text().contains("/my-report/")).hasSize(1);
        assertThat(Mailbox.to(ordinaryEmail)).isEmpty();
    }

    /** A completed test order (its canned report made at once) of this key, for an applicant at this address. */
    static String completedOrder(String key, String email) {
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", "123-45-0001");
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }
}
