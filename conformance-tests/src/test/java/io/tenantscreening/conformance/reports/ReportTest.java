package io.tenantscreening.conformance.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reports: GET /orders/{id}/report, rules 1 to 4, GET /reports/{id}, rules 1 to 3, and
 * GET /reports/{id}/pdf, rules 1 and 2; isolation per organisation and mode
 * (openapi.yaml#authentication); the canned answers of test mode, by outcome profile
 * (openapi.yaml#test-mode, docs/integrators.md#outcome-profiles); the checks of each package
 * and add-on and the report's fields (docs/integrators.md#reports); the PDF
 * (docs/integrators.md#the-pdf).
 */
@ExtendWith(FreshTenants.class)
@OwnDatabase
class ReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CREDIT_CLEAR = """
            {"score_model":"VantageScore 4.0","score":712,"tradelines":{"total":9,"open":4,"delinquent":0,"total_balance_cents":1845000},"score_range":{"min":300,"max":850},"score_factors":[{"code":"T10","description":"Balances on revolving accounts are high compared with their credit limits","inquiries":false},{"code":"T14","description":"The accounts have been open for a short time","inquiries":false},{"code":"T18","description":"Too many accounts carry a balance","inquiries":false},{"code":"T21","description":"Too few accounts have a long record of payments made as agreed","inquiries":false}],"score_date":"2026-11-25","score_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"},"file_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"}}""";
    private static final String CREDIT_LOW = """
            {"score_model":"VantageScore 4.0","score":560,"tradelines":{"total":9,"open":4,"delinquent":0,"total_balance_cents":1845000},"score_range":{"min":300,"max":850},"score_factors":[{"code":"T10","description":"Balances on revolving accounts are high compared with their credit limits","inquiries":false},{"code":"T12","description":"The amount owed on accounts is high","inquiries":false},{"code":"T18","description":"Too many accounts carry a balance","inquiries":false},{"code":"T14","description":"The accounts have been open for a short time","inquiries":false},{"code":"T08","description":"Too many inquiries in the last 12 months","inquiries":true}],"score_date":"2026-11-25","score_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"},"file_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"}}""";
    private static final String CREDIT_OTHER_MODEL = """
            {"score_model":"RentScore Test Model 2","score":640,"tradelines":{"total":9,"open":4,"delinquent":0,"total_balance_cents":1845000},"score_range":{"min":350,"max":850},"score_factors":[{"code":"R02","description":"The record of rent payments is short","inquiries":false},{"code":"R07","description":"Balances are high compared with credit limits","inquiries":false},{"code":"R11","description":"Accounts were opened recently","inquiries":false}],"score_date":"2026-11-25","score_source":{"name":"Example Tenant Scoring (fictitious)","address":"2 Test Plaza, Austin, TX 78701","phone":"1-800-555-0143"},"file_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"}}""";
    private static final String CREDIT_NO_FACTORS = """
            {"score_model":"VantageScore 4.0","score":700,"tradelines":{"total":9,"open":4,"delinquent":0,"total_balance_cents":1845000},"score_range":{"min":300,"max":850},"score_factors":[],"score_date":"2026-11-25","score_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"},"file_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"}}""";
    private static final String CREDIT_THIN = """
            {"score_model":"VantageScore 4.0","score":null,"tradelines":{"total":1,"open":1,"delinquent":0,"total_balance_cents":0},\
            "score_range":null,"score_factors":null,"score_date":null,"score_source":null,"file_source":{"name":"Test Credit Bureau (fictitious)","address":"1 Test Plaza, Suite 100, Austin, TX 78701","phone":"1-800-555-0142"}}""";
    private static final String NO_RECORDS = """
            {"records":[]}""";
    /** Reports made at {@link #REPORT_TIME}: records are dated back from the day of the screening. */
    private static final String EVICTION_RECORD = """
            {"records":[{"court":"Travis County Justice Court, Precinct 5","filed_on":"2023-11-25","case_type":"eviction",
            "disposition":"Judgment for plaintiff","conviction":null,"description":"Non-payment of rent",
            "disposed_on":null,"released_on":null}]}""";
    private static final String CRIMINAL_RECORD = """
            {"records":[{"court":"Travis County District Court","filed_on":"2024-11-25","case_type":"misdemeanor",
            "disposition":"Deferred adjudication","conviction":false,"description":"Theft of property under $750",
            "disposed_on":null,"released_on":null}]}""";
    private static final String OLD_CONVICTION = """
            {"records":[{"court":"Travis County Court at Law No. 7","filed_on":"2014-11-25","case_type":"misdemeanor",
            "disposition":"Guilty plea; probation completed","conviction":true,"description":"Driving while intoxicated",
            "disposed_on":null,"released_on":null}]}""";
    /** 0010 at the report time, in a place under the federal default only: every record stays. */
    private static final String PLACE_RECORDS = """
            {"records":[{"court":"Travis County District Court","filed_on":"2019-11-25","case_type":"felony",
            "disposition":"Guilty; sentenced to three years' imprisonment","conviction":true,"description":"Burglary of a building",
            "disposed_on":"2020-11-25","released_on":"2022-11-25"},
            {"court":"Travis County Court at Law No. 3","filed_on":"2021-11-25","case_type":"misdemeanor",
            "disposition":"Guilty plea; fine paid","conviction":true,"description":"Criminal mischief",
            "disposed_on":"2022-11-25","released_on":null},
            {"court":"Travis County District Court","filed_on":"2017-11-25","case_type":"felony",
            "disposition":"Guilty plea; probation completed","conviction":true,"description":"Possession of a controlled substance",
            "disposed_on":"2018-11-25","released_on":null},
            {"court":"Travis County Court at Law No. 5","filed_on":"2024-11-25","case_type":"misdemeanor",
            "disposition":"Arrest; no charges filed","conviction":false,"description":"Disorderly conduct",
            "disposed_on":"2024-11-25","released_on":null},
            {"court":"Travis County Court at Law No. 6","filed_on":"2026-05-25","case_type":"misdemeanor",
            "disposition":null,"conviction":false,"description":"Theft of property under $100",
            "disposed_on":null,"released_on":null},
            {"court":"Austin Municipal Court","filed_on":"2025-09-25","case_type":"violation",
            "disposition":"Guilty; fine paid","conviction":true,"description":"Public consumption of alcohol",
            "disposed_on":"2025-11-25","released_on":null},
            {"court":"Travis County Court at Law No. 2","filed_on":"2019-09-25","case_type":"misdemeanor",
            "disposition":"Guilty plea; fine paid","conviction":true,"description":"Driving with an invalid license",
            "disposed_on":"2019-11-25","released_on":null}]}""";
    private static final String IDENTITY_VERIFIED = """
            {"identity_verified":true,"reasons":[]}""";
    private static final String IDENTITY_NOT_VERIFIED = """
            {"identity_verified":false,"reasons":["The SSN does not match the applicant's name and date of birth."]}""";
    private static final String INCOME = """
            {"verified_monthly_income_cents":520000}""";
    private static final String INCOME_NOT_VERIFIED = """
            {"verified_monthly_income_cents":null}""";
    private static final Set<String> CONSIDER = Set.of(CREDIT_THIN, EVICTION_RECORD, CRIMINAL_RECORD, OLD_CONVICTION, PLACE_RECORDS,
            IDENTITY_NOT_VERIFIED, INCOME_NOT_VERIFIED);
    /** 10:04 AM in New York, the agency's time zone (the default); in the past, so no background work is due early. */
    private static final Instant REPORT_TIME = Instant.parse("2026-11-25T15:04:00Z");

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    @AfterEach
    void realTime() {
        TestServer.clock().reset();
    }

    /**
     * docs/integrators.md#outcome-profiles, with their records dated back from the day of the
     * screening; docs/integrators.md#records-limited-by-age-and-kind (0007: the old eviction and arrest
     * are left out, the eviction check is clear, the old conviction stays); a court record's
     * conviction, null for evictions and a boolean for criminal records
     * (docs/integrators.md#reports).
     */
    @ParameterizedTest(name = "SSN ending {0}: {1}")
    @CsvSource({
            "'',   all clear (no SSN)",
            "0000, all clear",
            "0001, an eviction record",
            "0002, a criminal record",
            "0003, a file too thin to score",
            "0004, identity not verified",
            "0005, a low credit score (560) and all clear",
            "0006, income not verified",
            "0007, old records: only the conviction stays",
            "0008, a score of another model and another scorer",
            "0009, a score whose model gave no key factors",
            "0010, criminal records of every kind and age: all stay under the federal default",
            "5678, any other ending is all clear"})
    void eachOutcomeProfileGivesItsCannedReport(String lastFour, String meaning) throws IOException {
        ObjectNode body = body();
        order(body).put("package", "complete").putArray("add_on_products").add("identity_verification").add("income_verification");
        if (!lastFour.isEmpty()) {
            applicant(body).put("ssn", "123-45-" + lastFour);
        }
        String id = screenedAtReportTime(body);

        JsonNode report = Screenings.report(key, id);

        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("credit", switch (lastFour) {
            case "0003" -> CREDIT_THIN;
            case "0005" -> CREDIT_LOW;
            case "0008" -> CREDIT_OTHER_MODEL;
            case "0009" -> CREDIT_NO_FACTORS;
            default -> CREDIT_CLEAR;
        });
        expected.put("eviction", lastFour.equals("0001") ? EVICTION_RECORD : NO_RECORDS);
        expected.put("criminal", switch (lastFour) {
            case "0002" -> CRIMINAL_RECORD;
            case "0007" -> OLD_CONVICTION;
            case "0010" -> PLACE_RECORDS;
            default -> NO_RECORDS;
        });
        expected.put("identity_verification", lastFour.equals("0004") ? IDENTITY_NOT_VERIFIED : IDENTITY_VERIFIED);
        expected.put("income_verification", lastFour.equals("0006") ? INCOME_NOT_VERIFIED : INCOME);
        assertThat(report.get("checks")).extracting(check -> check.get("type").asText()).containsExactlyElementsOf(expected.keySet());
        for (JsonNode check : report.get("checks")) {
            String type = check.get("type").asText();
            assertThat(check.get("details")).as(type).isEqualTo(JSON.readTree(expected.get(type)));
            assertThat(check.get("result").asText()).as(type).isEqualTo(CONSIDER.contains(expected.get(type)) ? "consider" : "clear");
            assertThat(check.get("status").asText()).isEqualTo("complete");
            assertThat(check.get("provider").asText()).isEqualTo("test");
        }
        boolean allClear = lastFour.isEmpty() || lastFour.equals("0000") || lastFour.equals("5678") || lastFour.equals("0005")
                || lastFour.equals("0008") || lastFour.equals("0009");
        assertThat(report.get("result").asText()).isEqualTo(allClear ? "clear" : "consider");
        assertThat(report.get("status").asText()).isEqualTo("complete");
        assertThat(report.get("object").asText()).isEqualTo("report");
        assertThat(report.get("live_mode").asBoolean()).isFalse();
        assertThat(report.get("order_id").asText()).isEqualTo(id);
        assertThat(report.get("id").asText()).startsWith("rpt_test_");
    }

    /** docs/integrators.md#outcome-profiles (packages and add-ons): a report has exactly the checks of its package and add-ons. */
    @ParameterizedTest(name = "{0} with [{1}] → {2}")
    @CsvSource({
            "starter,    '',                                          credit",
            "essential,  '',                                          credit eviction",
            "complete,   '',                                          credit eviction criminal",
            "starter,    identity_verification,                       credit identity_verification",
            "essential,  income_verification,                         credit eviction income_verification",
            "starter,    income_verification identity_verification,   credit identity_verification income_verification"})
    void aReportHasExactlyTheChecksOfItsPackageAndAddOns(String packageSlug, String addOns, String checks) {
        ObjectNode body = body();
        order(body).put("package", packageSlug);
        var array = order(body).putArray("add_on_products");
        for (String addOn : addOns.split(" ")) {
            if (!addOn.isEmpty()) {
                array.add(addOn);
            }
        }
        applicant(body).put("ssn", "123-45-0004");
        String id = placed(key, body);
        Screenings.complete(key, id);

        JsonNode report = Screenings.report(key, id);

        assertThat(report.get("checks")).extracting(check -> check.get("type").asText()).containsExactly(checks.split(" "));
        assertThat(report.get("result").asText()).as("0004 shows only where the identity check is")
                .isEqualTo(addOns.contains("identity_verification") ? "consider" : "clear");
    }

    /** GET /orders/{id}/report, rule 3, and GET /reports/{id}, rule 1: the same record by order and by id. */
    @Test
    void theReportOfAnOrderAndTheReportByIdAreTheSameRecord() {
        String id = placed(key, body());
        Screenings.complete(key, id);

        JsonNode byOrder = Screenings.report(key, id);
        JsonNode byId = Api.get("/reports/" + byOrder.get("id").asText()).key(key).send().json();

        assertThat(byId).isEqualTo(byOrder);
    }

    /** GET /orders/{id}/report, rule 2, and GET /reports/{id}, rule 2: another organisation's or mode's report is 404. */
    @Test
    void aReportOfAnotherOrganisationOrOfTheOtherModeIs404() {
        TestTenant other = TestTenant.create();
        String otherKey = other.testKey();
        String foreign = placed(otherKey, body());
        Screenings.complete(otherKey, foreign);
        String foreignReport = Screenings.report(otherKey, foreign).get("id").asText();
        String own = placed(key, body());
        Screenings.complete(key, own);
        String ownReport = Screenings.report(key, own).get("id").asText();
        tenant.billing(PaymentMethod.OK, false);
        String liveKey = tenant.liveKey();

        Api.get("/orders/" + foreign + "/report").key(key).send().assertError(404, "not_found_error");
        Api.get("/reports/" + foreignReport).key(key).send().assertError(404, "not_found_error");
        Api.get("/orders/" + own + "/report").key(liveKey).send().assertError(404, "not_found_error");
        Api.get("/reports/" + ownReport).key(liveKey).send().assertError(404, "not_found_error");
        Api.get("/reports/rpt_test_000000000000000000000000").key(key).send().assertError(404, "not_found_error");
    }

    /**
     * docs/integrators.md#the-pdf, a PDF made for people: the agency block at the top, dates
     * and times as people write them in the agency's time zone (New York unless configured),
     * one page; by order and by id (GET /orders/{id}/report, rule 4).
     */
    @Test
    void thePdfShowsTheSameDataAsTheJson() throws IOException {
        ObjectNode body = body();
        order(body).put("package", "complete").putArray("add_on_products").add("identity_verification").add("income_verification");
        order(body).with("property").put("name", "Oak Court").put("unit", "#4B");
        applicant(body).put("ssn", "123-45-0001").put("dob", "1990-04-12");
        String id = screenedAtReportTime(body);
        JsonNode report = Screenings.report(key, id);

        for (String path : List.of("/orders/" + id + "/report", "/reports/" + report.get("id").asText())) {
            ApiResponse pdf = Api.get(path).key(key).header("Accept", "application/pdf").send();

            assertThat(pdf.status()).isEqualTo(200);
            assertThat(pdf.header("Content-Type")).isEqualTo("application/pdf");
            assertThat(pages(pdf.bytes())).isEqualTo(2);
            String text = text(pdf.bytes());
            assertThat(lines(text)).containsSubsequence(
                    "CONSUMER REPORTING AGENCY",
                    agencyLine(),
                    "Tenant screening report",
                    "Result: CONSIDER (something needs a person's review)",
                    "Report " + report.get("id").asText() + " of order " + id,
                    "Provider: test Mode: test",
                    "Date of report: November 25, 2026, 10:04 AM EST",
                    "Package: complete Add-ons: identity_verification, income_verification",
                    "Applicant",
                    "Jamie Rivera jamie.rivera@example.com",
                    "SSN: XXX-XX-0001 Date of birth: April 12, 1990",
                    "Property",
                    "Oak Court",
                    "12 Oak Street, #4B",
                    "Austin, TX 78701",
                    "Credit: clear",
                    "Score (VantageScore 4.0): 712 on a range of 300 to 850",
                    "Score made on November 25, 2026",
                    "Key factors that hurt the score, most important first:",
                    "1. Balances on revolving accounts are high compared with their credit limits (T10)",
                    "4. Too few accounts have a long record of payments made as agreed (T21)",
                    "Score supplied by Test Credit Bureau (fictitious), 1 Test Plaza, Suite 100, Austin, TX 78701, telephone",
                    "1-800-555-0142",
                    "Credit file supplied by Test Credit Bureau (fictitious), 1 Test Plaza, Suite 100, Austin, TX 78701, telephone",
                    "1-800-555-0142",
                    "Tradelines: 9 in all, 4 open, 0 delinquent; balance $18,450.00",
                    "Eviction records: consider",
                    "Filed November 25, 2023, Travis County Justice Court, Precinct 5",
                    "Eviction: Non-payment of rent. Disposition: Judgment for plaintiff.",
                    "Criminal records: clear",
                    "No records found.",
                    "Identity verification: clear",
                    "Identity verified: yes",
                    "Income verification: clear",
                    "Verified gross monthly income: $5,200.00",
                    "Report " + report.get("id").asText() + " Page 2 of 2");
            assertThat(text).doesNotContain("123-45-0001").doesNotContain("123450001");
        }
    }

    /**
     * docs/integrators.md#reports, a court record's conviction, required and nullable: a
     * report stored before court records said whether they are convictions answers null for
     * them (the contract check of every answer fails on a missing member), and its PDF says
     * nothing of it.
     */
    @Test
    void aReportStoredBeforeCourtRecordsSaidWhetherTheyAreConvictionsAnswersNull() throws IOException {
        ObjectNode body = body();
        order(body).put("package", "complete");
        applicant(body).put("ssn", "123-45-0002");
        String id = placed(key, body);
        Screenings.complete(key, id);
        String reportId = Screenings.report(key, id).get("id").asText();
        assertThat(TestDatabase.rows("""
                UPDATE reports SET checks = (
                    SELECT jsonb_agg(CASE WHEN entry->'details'->'records' IS NULL THEN entry
                        ELSE jsonb_set(entry, '{details,records}', (SELECT coalesce(jsonb_agg(court_record - 'conviction'), '[]')
                            FROM jsonb_array_elements(entry->'details'->'records') AS court_record))
                        END ORDER BY position)
                    FROM jsonb_array_elements(checks) WITH ORDINALITY AS stored(entry, position))
                WHERE id = ? RETURNING checks::text""", reportId).get(0).get(0).toString()).doesNotContain("conviction");

        JsonNode report = Api.get("/reports/" + reportId).key(key).send().json();
        ApiResponse pdf = Api.get("/reports/" + reportId + "/pdf").key(key).send();

        JsonNode record = report.get("checks").get(2).get("details").get("records").get(0);
        assertThat(record.has("conviction")).isTrue();
        assertThat(record.get("conviction").isNull()).isTrue();
        assertThat(record.get("description").asText()).isEqualTo("Theft of property under $750");
        assertThat(pdf.status()).isEqualTo(200);
        assertThat(lines(text(pdf.bytes()))).contains("Misdemeanor: Theft of property under $750. Disposition: Deferred adjudication.");
    }

    /** GET /orders/{id}/report, rule 4: Accept decides between JSON and PDF, by quality; anything else is 406. */
    @Test
    void acceptDecidesBetweenJsonAndPdfAndAnythingElseIs406() {
        String id = placed(key, body());
        Screenings.complete(key, id);
        String path = "/orders/" + id + "/report";

        assertThat(contentType(path, "application/json")).isEqualTo("application/json");
        assertThat(contentType(path, "*/*")).isEqualTo("application/json");
        assertThat(contentType(path, "application/pdf;q=0.5, application/json")).isEqualTo("application/json");
        assertThat(contentType(path, "application/json;q=0.1, application/pdf")).isEqualTo("application/pdf");
        assertThat(contentType(path, "application/*;q=0.2, text/html")).isEqualTo("application/json");
        for (String refused : List.of("text/html", "application/xml", "application/pdf;q=0, application/json;q=0")) {
            ApiResponse response = Api.get(path).key(key).header("Accept", refused).sendRaw();

            assertThat(response.status()).as(refused).isEqualTo(406);
            assertThat(response.header("Content-Type")).isEqualTo("application/json");
            assertThat(response.json().get("errors").get(0).get("code").asText()).isEqualTo("not_acceptable");
            assertThat(response.json().get("errors").get(0).get("detail").asText()).contains("application/json")
                    .contains("application/pdf");
        }
    }

    /**
     * GET /reports/{id}/pdf, rules 1 and 2, a PDF operation per report: it answers only the
     * PDF, the same document as the negotiated one, whatever Accept says (a generated client
     * may ask for JSON, the media type of the errors); errors stay JSON.
     */
    @Test
    void thePdfOperationAnswersOnlyThePdfAndErrorsInTheEnvelope() throws IOException {
        String id = placed(key, body());
        Screenings.complete(key, id);
        String report = Screenings.report(key, id).get("id").asText();

        ApiResponse pdf = Api.get("/reports/" + report + "/pdf").key(key).send();
        ApiResponse negotiated = Api.get("/reports/" + report).key(key).header("Accept", "application/pdf").send();

        assertThat(pdf.status()).isEqualTo(200);
        assertThat(pdf.header("Content-Type")).isEqualTo("application/pdf");
        assertThat(pdf.header("Content-Disposition")).isEqualTo("inline; filename=\"" + report + ".pdf\"");
        assertThat(text(pdf.bytes())).isEqualTo(text(negotiated.bytes())).contains("Report " + report + " of order " + id);
        Api.get("/reports/rpt_test_000000000000000000000000/pdf").key(key).send().assertError(404, "not_found_error");
        Api.get("/reports/" + report + "/pdf").key(TestTenant.create().testKey()).send().assertError(404, "not_found_error");
        for (String accept : List.of("application/json", "application/pdf;q=0, application/json")) {
            ApiResponse disregarded = Api.get("/reports/" + report + "/pdf").key(key).header("Accept", accept).send();
            assertThat(disregarded.status()).as(accept).isEqualTo(200);
            assertThat(disregarded.header("Content-Type")).as(accept).isEqualTo("application/pdf");
        }
    }

    /** GET /orders/{id}/report, rule 1: no report yet is 404 whatever the Accept. */
    @Test
    void aMissingReportIsStill404WhateverTheAccept() {
        String id = placed(key, body());

        Api.get("/orders/" + id + "/report").key(key).header("Accept", "application/pdf").send().assertError(404, "not_found_error");
    }

    /**
     * The id of an order placed and screened with the service's clock stopped at
     * {@link #REPORT_TIME}: by the background work, due at once since that time has passed.
     */
    private String screenedAtReportTime(ObjectNode body) {
        TestServer.clock().stopAt(REPORT_TIME);
        String id = placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    /** The agency's name under the header's label, or the development placeholder when none is configured. */
    private static String agencyLine() {
        AgencySettings agency = TestServer.bean(AgencySettings.class);
        return agency.getName() == null || agency.getName().isBlank()
                ? "DEVELOPMENT PLACEHOLDER: no consumer reporting agency configured" : agency.getName();
    }

    private String contentType(String path, String accept) {
        ApiResponse response = Api.get(path).key(key).header("Accept", accept).send();
        assertThat(response.status()).as(accept).isEqualTo(200);
        return response.header("Content-Type");
    }

    private static int pages(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return document.getNumberOfPages();
        }
    }

    private static String text(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document);
        }
    }

    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\\R")) {
            lines.add(line.strip().replaceAll("\\s+", " "));
        }
        return lines;
    }
}
