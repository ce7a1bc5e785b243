package io.tenantscreening.conformance.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Recommendations (docs/integrators.md#screening-policies-and-recommendations: a report's
 * recommendation under its order's policy, the reason codes, null without a policy, the
 * policy kept by the order, POST /orders, rule 10) and their test-mode table
 * (openapi.yaml#test-mode: the profiles 0000 to 0004, the income ratio above a rent of
 * 173333, a starter order); the report's recommendation in GET /reports/{id}, in the
 * report.completed event and in the PDF. The profiles 0005 to 0007 are covered with findings
 * of their own in RecommenderTest.
 */
@ExtendWith(FreshTenants.class)
class RecommendationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long RENT = 150_000;

    @Fresh
    private String key;

    /**
     * openapi.yaml#test-mode, recommendations: a complete order with both add-ons and a rent of
     * 150000 under a policy with every criterion.
     */
    @ParameterizedTest(name = "SSN ending {0}: {1} {2}")
    @CsvSource({
            "0000, accept,   '',                          ''",
            "0001, decline,  evictions_above_maximum,     eviction",
            "0002, review,   criminal_record_in_lookback, criminal",
            "0003, review,   credit_file_too_thin,        credit",
            "0004, review,   identity_not_verified,       identity_verification"})
    void eachProfileGetsTheDecisionOfTheContractsTable(String lastFour, String decision, String code, String check) {
        String policy = Policies.create(key, Policies.EVERY_CRITERION);

        JsonNode recommendation = recommendationOf(completeOrder(policy, lastFour, RENT));

        assertThat(recommendation.get("decision").asText()).isEqualTo(decision);
        assertThat(recommendation.get("policy_id").asText()).isEqualTo(policy);
        if (code.isEmpty()) {
            assertThat(recommendation.get("reasons")).isEmpty();
        } else {
            assertThat(recommendation.get("reasons")).hasSize(1);
            assertThat(recommendation.get("reasons").get(0).get("code").asText()).isEqualTo(code);
            assertThat(recommendation.get("reasons").get(0).get("check").asText()).isEqualTo(check);
        }
    }

    /** docs/integrators.md#screening-policies-and-recommendations: a reason's detail gives the figures. */
    @Test
    void theDetailsGiveTheFigures() {
        String policy = Policies.create(key, Policies.EVERY_CRITERION);

        JsonNode reason = recommendationOf(completeOrder(policy, "0001", RENT)).get("reasons").get(0);

        assertThat(reason.get("detail").asText()).isEqualTo("1 eviction record filed within 7 years; the policy allows 0.");
    }

    /** openapi.yaml#test-mode, recommendations: with 0000 and a monthly_rent above 173333 the income ratio fails. */
    @Test
    void aRentAboveAThirdOfTheIncomeIsConditional() {
        String policy = Policies.create(key, Policies.EVERY_CRITERION);

        JsonNode below = recommendationOf(completeOrder(policy, "0000", 173_333));
        JsonNode above = recommendationOf(completeOrder(policy, "0000", 173_334));

        assertThat(below.get("decision").asText()).isEqualTo("accept");
        assertThat(above.get("decision").asText()).isEqualTo("conditional");
        assertThat(above.get("reasons")).hasSize(1);
        JsonNode reason = above.get("reasons").get(0);
        assertThat(reason.get("code").asText()).isEqualTo("income_below_ratio");
        assertThat(reason.get("check").asText()).isEqualTo("income_verification");
        assertThat(reason.get("detail").asText()).contains("$5,200.00").contains("$1,733.34");
    }

    /** openapi.yaml#test-mode, recommendations: a starter order is review, with check_not_ordered for each check the policy needs. */
    @Test
    void aStarterOrderIsReviewForEachMissingCheck() {
        String policy = Policies.create(key, Policies.EVERY_CRITERION);
        ObjectNode body = body();
        order(body).put("package", "starter").put("screening_policy_id", policy).put("monthly_rent", RENT);
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");

        JsonNode recommendation = Screenings.report(key, id).get("recommendation");

        assertThat(recommendation.get("decision").asText()).isEqualTo("review");
        assertThat(recommendation.get("reasons")).extracting(reason -> reason.get("code").asText()).containsOnly("check_not_ordered");
        assertThat(recommendation.get("reasons")).extracting(reason -> reason.get("check").asText())
                .containsExactly("eviction", "criminal", "identity_verification", "income_verification");
    }

    /** docs/integrators.md#screening-policies-and-recommendations: the recommendation is null when the order has no policy. */
    @Test
    void anOrderWithoutPolicyHasNoRecommendation() {
        String id = placed(key, body());
        Screenings.awaitStatus(key, id, "completed");

        JsonNode report = Screenings.report(key, id);

        assertThat(report.has("recommendation")).isTrue();
        assertThat(report.get("recommendation").isNull()).isTrue();
    }

    /** POST /orders, rule 10: the default policy applies to an order that names none, and the order shows it. */
    @Test
    void theDefaultPolicyIsAppliedAndShownOnTheOrder() {
        String policy = Policies.create(key, "Standard", "{\"max_evictions\": 0}", true);
        ObjectNode body = body();
        applicant(body).put("ssn", "123-45-0001");
        String id = placed(key, body);

        JsonNode completed = Screenings.awaitStatus(key, id, "completed");

        assertThat(completed.get("screening_policy_id").asText()).isEqualTo(policy);
        JsonNode recommendation = Screenings.report(key, id).get("recommendation");
        assertThat(recommendation.get("policy_id").asText()).isEqualTo(policy);
        assertThat(recommendation.get("decision").asText()).isEqualTo("decline");
    }

    /**
     * POST /orders, rule 10, and POST /screening_policies/{id}/archive, rule 2: a policy made the
     * default, or archived, after an order was placed affects neither its policy nor its
     * recommendation.
     */
    @Test
    void laterChangesOfPoliciesDoNotChangeAnOrdersRecommendation() {
        String strict = Policies.create(key, "Strict", "{\"max_evictions\": 0}", true);
        ObjectNode body = body();
        applicant(body).put("ssn", "123-45-0001").put("email", "jamie.rivera@apply.test");
        String id = placed(key, body);
        String lenient = Policies.create(key, "Lenient", "{}", false);
        Api.post("/screening_policies/" + lenient + "/make_default").key(key).send();
        Api.post("/screening_policies/" + strict + "/archive").key(key).send();

        Screenings.submit(key, id);
        Screenings.awaitStatus(key, id, "completed");

        assertThat(Api.get("/orders/" + id).key(key).send().json().get("screening_policy_id").asText()).isEqualTo(strict);
        JsonNode recommendation = Screenings.report(key, id).get("recommendation");
        assertThat(recommendation.get("policy_id").asText()).isEqualTo(strict);
        assertThat(recommendation.get("decision").asText()).isEqualTo("decline");
    }

    /**
     * docs/integrators.md#screening-policies-and-recommendations: the recommendation is in the
     * report's JSON (by order and by id), its PDF and the report.completed event, its reasons in
     * the order of the report's checks.
     */
    @Test
    void theRecommendationIsInTheReportItsEventAndItsPdf() throws IOException {
        String policy = Policies.create(key, "Standard apartments", Policies.EVERY_CRITERION, false);
        ObjectNode body = body();
        order(body).put("package", "essential").put("screening_policy_id", policy).put("monthly_rent", RENT);
        order(body).putArray("add_on_products").add("identity_verification");
        applicant(body).put("ssn", "123-45-0001");
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        JsonNode report = Screenings.report(key, id);
        String reportId = report.get("id").asText();
        JsonNode recommendation = report.get("recommendation");

        assertThat(recommendation).isEqualTo(JSON.readTree("""
                {"decision": "decline", "policy_id": "%s", "reasons": [
                 {"code": "evictions_above_maximum", "check": "eviction",
                  "detail": "1 eviction record filed within 7 years; the policy allows 0."},
                 {"code": "check_not_ordered", "check": "criminal",
                  "detail": "The policy's criminal lookback needs the criminal check (package complete), which the order does not include."},
                 {"code": "check_not_ordered", "check": "income_verification",
                  "detail": "The policy's income-to-rent ratio needs the income_verification add-on, which the order does not include."}]}
                """.formatted(policy)));
        assertThat(Api.get("/reports/" + reportId).key(key).send().json().get("recommendation")).isEqualTo(recommendation);
        List<JsonNode> events = Screenings.eventsOf(key, reportId);
        assertThat(events).extracting(event -> event.get("type").asText()).containsExactly("report.completed");
        assertThat(events.get(0).get("data").get("object").get("recommendation")).isEqualTo(recommendation);

        ApiResponse pdf = Api.get("/reports/" + reportId + "/pdf").key(key).send();
        assertThat(flowing(text(pdf.bytes()))).containsSubsequence(
                "Tenant screening report",
                "Recommendation: DECLINE under the screening policy \"Standard apartments\"",
                "evictions_above_maximum (eviction): 1 eviction record filed within 7 years; the policy allows 0.",
                "check_not_ordered (criminal): The policy's criminal lookback needs the criminal check (package complete), "
                        + "which the order does not include.",
                "check_not_ordered (income_verification): The policy's income-to-rent ratio needs the income_verification "
                        + "add-on, which the order does not include.",
                "Applicant");
    }

    /** docs/integrators.md#screening-policies-and-recommendations: the PDF shows an accept without reasons, and nothing without a policy. */
    @Test
    void aPdfShowsAnAcceptWithoutReasonsAndNothingWithoutAPolicy() throws IOException {
        String policy = Policies.create(key, "Standard apartments", Policies.EVERY_CRITERION, false);
        String accepted = completeOrder(policy, "0000", RENT);
        String without = placed(key, body());
        Screenings.awaitStatus(key, without, "completed");

        String acceptedText = pdfOfOrder(accepted);
        String withoutText = pdfOfOrder(without);

        assertThat(flowing(acceptedText)).containsSubsequence(
                "Recommendation: ACCEPT under the screening policy \"Standard apartments\"",
                "Every criterion of the policy is met.");
        assertThat(withoutText).doesNotContain("Recommendation");
    }

    /** A complete order with both add-ons under the policy, for the SSN ending, completed; answers its id. */
    private String completeOrder(String policy, String lastFour, long rent) {
        ObjectNode body = body();
        order(body).put("package", "complete").put("screening_policy_id", policy).put("monthly_rent", rent)
                .putArray("add_on_products").add("identity_verification").add("income_verification");
        applicant(body).put("ssn", "123-45-" + lastFour);
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    private JsonNode recommendationOf(String orderId) {
        return Screenings.report(key, orderId).get("recommendation");
    }

    private String pdfOfOrder(String orderId) throws IOException {
        return text(Api.get("/reports/" + Screenings.report(key, orderId).get("id").asText() + "/pdf").key(key).send().bytes());
    }

    private static String text(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document);
        }
    }

    /** The text as one line, each run of white space (line breaks included) as one space: independent of where lines wrap. */
    private static String flowing(String text) {
        return text.replaceAll("\\s+", " ");
    }
}
