package io.tenantscreening.conformance.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.ConditionalOffers;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.ScriptedIncomeProvider;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records limited by age and kind, per place (openapi.yaml#screening-and-reports, its paragraph
 * "Records limited by age and kind", and openapi.yaml#test-mode, the table "which record each
 * place keeps"): outcome profile
 * 0010's criminal records in a report on a property in each covered place, the records each
 * place's rules keep and the rules under which the others were left out (records_left_out);
 * and the limits applied again when the report is made, to a check stored a day earlier.
 * A server of its own, whose clock the tests stop at a moment real time never reaches again.
 */
@OwnDatabase
@ExtendWith(FreshTenants.class)
class RecordLimitsByPlaceTest {

    /** 10:04 AM in New York (the agency's time zone) on November 25, 2026: in the past. */
    private static final Instant REPORT_TIME = Instant.parse("2026-11-25T15:04:00Z");
    /** Profile 0010's records, by their descriptions, in the order the provider gives them. */
    private static final List<String> RECORDS = List.of(
            "Burglary of a building",                // 0: felony conviction, released four years before
            "Criminal mischief",                     // 1: misdemeanor conviction, disposed of four years before
            "Possession of a controlled substance",  // 2: felony conviction, disposed of eight years before
            "Disorderly conduct",                    // 3: arrest without conviction, two years before
            "Theft of property under $100",          // 4: pending case, filed half a year before
            "Public consumption of alcohol",         // 5: violation conviction, disposed of a year before
            "Driving with an invalid license");      // 6: misdemeanor conviction, disposed of seven years before to the day

    @Fresh(cardOnFile = true)
    private TestTenant tenant;
    @Fresh
    private String key;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String liveKey;

    @AfterEach
    void realTime() {
        TestServer.clock().reset();
    }

    /**
     * Each covered place keeps, of profile 0010's records, exactly those its rules and the
     * federal ones allow, and counts the others under the places that left them out (each
     * row names the sections of its place's rules). In a two-step place the check runs once the
     * landlord's conditional offer releases it (POST /orders/{id}/conditional_offer, rule 7).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "federal default only (FCRA 605(a)(2), (a)(5))     | 12 Oak Street       | Austin      | TX | 78701 | false | 0 1 2 3 4 5 6 | ''",
            "California (Cal. Civ. Code 1786.18(a)(7))        | 200 N Spring St     | Los Angeles | CA | 90012 | false | 0 1 4 5 6     | us-ca",
            "New York State (GBL 380-j(a)(1), (f)(1)(v))      | 100 State St        | Albany      | NY | 12207 | false | 0 1 4 5 6     | us-ny",
            "New York City (Admin. Code 8-102a, 8-107(5)(o))  | 350 5th Ave         | New York    | NY | 10118 | true  | 0             | us-ny us-ny-new-york-city",
            "Cook County (Code 42-38(a), Rule 720.120)        | 69 W Washington St  | Chicago     | IL | 60602 | true  | 4 5           | us-il-cook-county"})
    void eachPlaceKeepsTheRecordsItsRulesAllow(String place, String street, String city, String state, String zipcode,
                                                boolean twoStep, String kept, String leftOutBy) {
        ObjectNode body = atPlace(street, city, state, zipcode);
        applicant(body).put("ssn", "123-45-0010");
        TestServer.clock().stopAt(REPORT_TIME);
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");

        JsonNode criminal = criminal(twoStep ? ConditionalOffers.release(key, id) : Screenings.report(key, id));

        assertThat(descriptions(criminal)).as(place).containsExactlyElementsOf(indexes(kept).stream().map(RECORDS::get).toList());
        assertThat(criminal.get("result").asText()).isEqualTo(kept.isBlank() ? "clear" : "consider");
        List<String> places = new ArrayList<>();
        int counted = 0;
        for (JsonNode rule : criminal.get("records_left_out")) {
            places.add(rule.get("place").asText());
            assertThat(rule.get("section").asText()).isNotBlank();
            counted = Math.max(counted, rule.get("records").asInt());
        }
        assertThat(places.stream().distinct().toList()).as(place).containsExactlyInAnyOrderElementsOf(
                leftOutBy.isBlank() ? List.of() : Arrays.asList(leftOutBy.trim().split(" ")));
        assertThat(counted).as("no rule left out more records than are missing")
                .isLessThanOrEqualTo(RECORDS.size() - indexes(kept).size());
    }

    /**
     * Records limited by age and kind, "again when the report is made": in live mode, the
     * sandbox answers the criminal check on November 25 (stored with profile 0010's records of
     * that day, the misdemeanor disposed of seven years before to the day kept by California's
     * seven years), while the scripted income provider answers an hour later; the service's
     * clock then moves to November 26, when the report is made: that record is seven years and
     * a day old, so California's rule leaves it out there, and the check counts it with the two
     * the rules left out when the check was stored.
     */
    @Test
    void aRecordThatAgesOutBetweenStoringAndTheReportIsLeftOutWhenTheReportIsMade() {
        MovableClock clock = TestServer.clock();
        Instant asked = REPORT_TIME;
        ObjectNode body = atPlace(CALIFORNIA.get(0), CALIFORNIA.get(1), CALIFORNIA.get(2), CALIFORNIA.get(3));
        order(body).put("package", "complete").putArray("add_on_products").add("income_verification");
        applicant(body).put("ssn", "123-45-0010").put("last_name", "Slow");
        clock.stopAt(asked);
        String id = placed(liveKey, body);
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), id, OrderLifecycle.Actor.APPLICANT,
                Set.of());
        Screenings.awaitNumber("the checks asked", 4, "SELECT count(*) FROM screening_checks WHERE order_id = ?", id);
        clock.stopAt(asked.plusSeconds(2));
        Screenings.awaitNumber("the sandbox's checks stored", 3,
                "SELECT count(*) FROM screening_checks WHERE order_id = ? AND status = 'complete'", id);
        assertThat(TestDatabase.number("SELECT count(*) FROM screening_checks, jsonb_array_elements(details->'records') "
                + "WHERE order_id = ? AND check_type = 'criminal'", id)).as("the records California keeps on the 25th").isEqualTo(5);

        clock.stopAt(asked.plus(Duration.ofDays(1)).plus(ScriptedIncomeProvider.SLOW).plusSeconds(2));
        Screenings.awaitStatus(liveKey, id, "completed");

        JsonNode criminal = criminal(Screenings.report(liveKey, id));
        assertThat(descriptions(criminal)).doesNotContain(RECORDS.get(6)).contains(RECORDS.get(0), RECORDS.get(5));
        int leftOutInCalifornia = 0;
        for (JsonNode rule : criminal.get("records_left_out")) {
            leftOutInCalifornia += rule.get("place").asText().equals(CALIFORNIA_PLACE) ? rule.get("records").asInt() : 0;
        }
        assertThat(leftOutInCalifornia).as("two left out when stored, one when reported").isEqualTo(3);
    }

    private static ObjectNode atPlace(String street, String city, String state, String zipcode) {
        ObjectNode body = body();
        order(body).put("package", "complete");
        order(body).putObject("property").put("street", street).put("city", city).put("state", state).put("zipcode", zipcode);
        return body;
    }

    private static JsonNode criminal(JsonNode report) {
        for (JsonNode check : report.get("checks")) {
            if (check.get("type").asText().equals("criminal")) {
                return check;
            }
        }
        throw new AssertionError("no criminal check in " + report);
    }

    private static List<String> descriptions(JsonNode check) {
        List<String> descriptions = new ArrayList<>();
        check.get("details").get("records").forEach(record -> descriptions.add(record.get("description").asText()));
        return descriptions;
    }

    private static List<Integer> indexes(String kept) {
        return kept.isBlank() ? List.of() : Arrays.stream(kept.trim().split(" ")).map(Integer::valueOf).toList();
    }

    private static final List<String> CALIFORNIA = List.of("200 N Spring St", "Los Angeles", "CA", "90012");
    private static final String CALIFORNIA_PLACE = "us-ca";
}
