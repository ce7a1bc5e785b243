package io.tenantscreening.conformance.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.ConditionalOffers;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Screenings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.tenantscreening.conformance.support.AdverseActionRequests.denial;
import static io.tenantscreening.conformance.support.AdverseActionRequests.input;
import static io.tenantscreening.conformance.support.AdverseActionRequests.take;
import static io.tenantscreening.conformance.support.AdverseActionRequests.taken;
import static io.tenantscreening.conformance.support.AdverseActionRequests.text;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fair-chance rules on adverse actions (openapi.yaml, "Fair-chance rules" under Adverse
 * actions; POST /adverse_actions, rules 8 to 11), in New York City, whose law requires an
 * individualized assessment and gives the applicant five business days to answer a copy of
 * the information (N.Y.C. Admin. Code § 8-107(5)(o)(5), (6)); the same requests in Austin,
 * under the federal default only, need none of it.
 */
@ExtendWith(FreshTenants.class)
class FairChanceAdverseActionTest {

    private static final String EXPLANATION = "The one conviction left in the report is four years old and was weighed with "
            + "the applicant's tenant history and the letters they sent.";

    private static final List<String> NEW_YORK_CITY = List.of("350 5th Ave", "New York", "NY", "10118");
    private static final List<String> AUSTIN = List.of("12 Oak Street", "Austin", "TX", "78701");
    /** The section New York City's rules cite for the process before a denial. */
    private static final String NYC_SECTION = "N.Y.C. Admin. Code § 8-107(5)(o)";

    @Fresh
    private String key;

    /** Rule 8: a final denial based on criminal history, without an assessment: both entries, each naming the rule. */
    @Test
    void aFinalDenialBasedOnCriminalHistoryWithoutAnAssessmentIsRefusedNamingTheRule() {
        String id = completed(NEW_YORK_CITY);
        ObjectNode body = denial(id);
        input(body).putArray("reasons").add("criminal_record_in_lookback");

        ApiResponse refused = take(key, body);

        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        JsonNode errors = refused.json().get("errors");
        assertThat(errors).extracting(error -> error.get("code").asText() + " " + error.get("source").get("pointer").asText())
                .containsExactlyInAnyOrder("pre_adverse_notice_required /adverse_action/notice",
                        "individualized_assessment_required /adverse_action/individualized_assessment");
        assertThat(errors).allSatisfy(error -> assertThat(error.get("detail").asText()).contains(NYC_SECTION));
    }

    /**
     * Rule 8 and the contract's definition of "based on criminal history": reasons that name no
     * criminal record still base the decision on criminal history when the report's criminal
     * check states records.
     */
    @Test
    void aDenialWithCriminalRecordsInTheReportIsBasedOnCriminalHistoryWhateverItsReasons() {
        String id = completed(NEW_YORK_CITY);
        ObjectNode body = denial(id);
        input(body).put("notice", "pre_adverse");

        take(key, body).assertError(422, "individualized_assessment_required");
    }

    /** Rule 10: a response window shorter than the place's period is refused, naming the rule. */
    @Test
    void aResponseWindowShorterThanThePlacesPeriodIsRefused() {
        String id = completed(NEW_YORK_CITY);
        ObjectNode body = assessed(denial(id));
        input(body).put("response_days", 3);

        JsonNode error = take(key, body).assertError(422, "validation_error");

        assertThat(error.get("source").get("pointer").asText()).isEqualTo("/adverse_action/response_days");
        assertThat(error.get("detail").asText()).contains(NYC_SECTION, "5 business days");
    }

    /**
     * Rules 8, 10 and 11: with the assessment, the pre-adverse way is taken with the place's
     * period (the operator's default of 5 is not longer), the pre-adverse notice states the
     * rule, the right to send evidence and mitigating information and the period; the adverse
     * action shows the assessment and its notice, when the window ends, states it.
     */
    @Test
    void withTheAssessmentTheNoticesStateThePlacesRuleItsPeriodAndTheAssessment() {
        String id = completed(NEW_YORK_CITY);

        JsonNode action = taken(key, assessed(denial(id)));

        assertThat(action.get("status").asText()).isEqualTo("pending");
        assertThat(action.get("response_days").asInt()).isEqualTo(5);
        assertThat(action.get("individualized_assessment").get("explanation").asText()).isEqualTo(EXPLANATION);
        assertThat(action.get("individualized_assessment").get("factors")).extracting(JsonNode::asText)
                .containsExactly("the time that has passed since the conviction");
        String preAdverse = oneLine(text(Api.get("/adverse_actions/" + action.get("id").asText() + "/pre_adverse_notice").key(key)
                .send().bytes()));
        assertThat(preAdverse).contains("fair-chance housing law", NYC_SECTION, "at least 5 business days",
                "evidence that anything in the report is inaccurate", "mitigating circumstances");

        Api.post("/test_helpers/adverse_actions/" + action.get("id").asText() + "/complete").key(key).send();
        String notice = oneLine(text(Api.get("/adverse_actions/" + action.get("id").asText() + "/adverse_action_notice").key(key)
                .send().bytes()));
        assertThat(notice).contains("How your criminal history was assessed", "the time that has passed since the conviction",
                EXPLANATION);
    }

    /** Rule 8: under the federal default only, a final denial based on criminal history needs none of it. */
    @Test
    void underTheFederalDefaultAFinalDenialBasedOnCriminalHistoryIsTaken() {
        String id = completed(AUSTIN);
        ObjectNode body = denial(id);
        input(body).putArray("reasons").add("criminal_record_in_lookback");

        JsonNode action = taken(key, body);

        assertThat(action.get("status").asText()).isEqualTo("completed");
        assertThat(action.get("individualized_assessment").isNull()).isTrue();
        String notice = oneLine(text(Api.get("/adverse_actions/" + action.get("id").asText() + "/adverse_action_notice").key(key)
                .send().bytes()));
        assertThat(notice).doesNotContain("fair-chance", "How your criminal history was assessed");
    }

    private ObjectNode assessed(ObjectNode body) {
        ObjectNode assessment = input(body).put("notice", "pre_adverse").putObject("individualized_assessment");
        assessment.putArray("factors").add("the time that has passed since the conviction");
        assessment.put("explanation", EXPLANATION);
        return body;
    }

    /**
     * A completed complete-package test order at this address (street, city, state, ZIP) for
     * profile 0010; in New York City, with its criminal check released by the landlord's
     * conditional offer (POST /orders/{id}/conditional_offer, rule 7), as a denial there comes after it.
     */
    private String completed(List<String> address) {
        ObjectNode body = body();
        order(body).put("package", "complete");
        order(body).putObject("property").put("street", address.get(0)).put("city", address.get(1)).put("state", address.get(2))
                .put("zipcode", address.get(3));
        applicant(body).put("ssn", "123-45-0010");
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        if (address == NEW_YORK_CITY) {
            ConditionalOffers.release(key, id);
        }
        return id;
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s+", " ");
    }
}
