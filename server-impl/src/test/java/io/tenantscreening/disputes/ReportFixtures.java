package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigations;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reports as the service stores them (checks with their details as JSON), for the unit tests
 * of disputes and of the applicant's copy: court records, credit files, identity and income
 * findings, and reports made of them.
 */
public final class ReportFixtures {

    public static final String PROVIDER = "test";
    public static final Instant COMPLETED = Instant.parse("2026-11-25T15:04:00Z");

    private ReportFixtures() {
    }

    /** An eviction record (civil: no conviction) filed on that day at that court. */
    public static Findings.CourtRecord eviction(LocalDate filedOn, String court) {
        return new Findings.CourtRecord(court, filedOn, "eviction", "Judgment for plaintiff", null, "Unlawful detainer");
    }

    /** A criminal record filed on that day, a conviction or not. */
    public static Findings.CourtRecord criminal(LocalDate filedOn, boolean conviction) {
        return new Findings.CourtRecord("Travis County Court at Law No. 3", filedOn, "misdemeanor", conviction ? "Guilty" : null,
                conviction, "Theft of property");
    }

    /** An eviction or criminal check stating these records (consider when there is any). */
    public static Report.CheckResult court(String type, Findings.CourtRecord... records) {
        String json = Arrays.stream(records).map(Reinvestigations::json).collect(Collectors.joining(",", "{\"records\":[", "]}"));
        return new Report.CheckResult(type, PROVIDER, records.length > 0, json);
    }

    /** A credit check: the score (null: a file too thin to score), one delinquent tradeline of five. */
    public static Report.CheckResult credit(Integer score) {
        return new Report.CheckResult("credit", PROVIDER, score == null, "{\"score_model\":\"VantageScore 4.0\",\"score\":" + score
                + ",\"tradelines\":{\"total\":5,\"open\":3,\"delinquent\":1,\"total_balance_cents\":1234500}}");
    }

    public static Report.CheckResult identity(boolean verified) {
        return new Report.CheckResult("identity_verification", PROVIDER, !verified, "{\"identity_verified\":" + verified
                + ",\"reasons\":" + (verified ? "[]" : "[\"The SSN does not match the applicant's name and date of birth.\"]") + "}");
    }

    public static Report.CheckResult income(Long verifiedMonthlyCents) {
        return new Report.CheckResult("income_verification", PROVIDER, verifiedMonthlyCents == null,
                "{\"verified_monthly_income_cents\":" + verifiedMonthlyCents + "}");
    }

    /** A complete version-1 test report of order ord_test_1 with these checks and no recommendation. */
    public static Report report(Report.CheckResult... checks) {
        return new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(checks), null, COMPLETED.minusSeconds(60), COMPLETED);
    }
}
