package io.tenantscreening.disputes;

import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.DeletedRecords;
import io.tenantscreening.screening.FederalLimits;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.Reinvestigation.Outcome;
import io.tenantscreening.screening.Reinvestigations;
import io.tenantscreening.screening.Reinvestigations.Change;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.criminal;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static io.tenantscreening.disputes.ReportFixtures.identity;
import static io.tenantscreening.disputes.ReportFixtures.income;
import static io.tenantscreening.disputes.ReportFixtures.report;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * How a dispute's resolution revises the report ({@link Reinvestigations#revisedChecks}):
 * an upheld record or check stays, a corrected one is replaced by the correction, a deleted
 * record is removed and a deleted whole check has its findings removed ({@code findings_deleted},
 * details {@code {}}, clear); each changed check's result is decided again, with the age
 * limit of court records counted from the day of the revision (openapi.yaml#disputes,
 * docs/integrators.md#disputes, docs/integrators.md#disputes-of-whole-checks,
 * docs/integrators.md#records-limited-by-age-and-kind); the records deleted for the same consumer stay
 * out of every court check, even of a whole check's correction (FCRA 611(a)(5)(B) and (C),
 * docs/integrators.md#several-disputes-of-one-report). The built-in providers' corrections are
 * the ones of docs/integrators.md#disputes-in-test-mode.
 */
class ReportRevisionTest {

    private static final LocalDate REVISED_ON = LocalDate.of(2026, 12, 20);
    private static final Findings.CourtRecord OLD = eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5");
    private static final Findings.CourtRecord MIDDLE = eviction(LocalDate.of(2023, 2, 1), "Harris County Justice Court, Precinct 1");
    private static final Findings.CourtRecord NEW = eviction(LocalDate.of(2025, 9, 30), "Dallas County Justice Court, Precinct 2");

    @Test
    void aCheckNobodyDisputedStaysExactlyAsItWas() {
        Report report = report(credit(712), court("eviction", OLD), identity(false));

        Reinvestigations.RevisedChecks revised = revise(report, new Change(CheckType.EVICTION, 0, verdict(Outcome.DELETED, OLD)));

        assertThat(revised.checks().get(0)).isSameAs(report.checks().get(0));
        assertThat(revised.checks().get(2)).isSameAs(report.checks().get(2));
        assertThat(revised.findings().get(CheckType.IDENTITY_VERIFICATION))
                .isEqualTo(new Findings.IdentityFindings(false, List.of("The SSN does not match the applicant's name and date of birth.")));
    }

    @Test
    void eachRecordTakesItsOwnOutcomeAndTheOthersOfItsCheckStayInTheirOrder() {
        Findings.CourtRecord correction = new Findings.CourtRecord(MIDDLE.court(), MIDDLE.filedOn(), "eviction", "Dismissed", null,
                "Unlawful detainer, dismissed");
        Findings.CourtRecord fourth = eviction(LocalDate.of(2026, 1, 5), "Bexar County Justice Court, Precinct 3");
        Report report = report(court("eviction", OLD, MIDDLE, NEW, fourth));

        Reinvestigations.RevisedChecks revised = revise(report,
                new Change(CheckType.EVICTION, 0, verdict(Outcome.DELETED, OLD)),
                new Change(CheckType.EVICTION, 1, new Reinvestigation.Verdict<>(Outcome.CORRECTED, correction)),
                new Change(CheckType.EVICTION, 2, verdict(Outcome.UPHELD, NEW)));

        assertThat(records(revised.checks().get(0))).containsExactly(correction, NEW, fourth);
        assertThat(revised.findings().get(CheckType.EVICTION)).isEqualTo(new Findings.CourtRecords(List.of(correction, NEW, fourth)));
        assertThat(revised.checks().get(0).consider()).isTrue();
    }

    @Test
    void aCheckWhoseOnlyRecordIsDeletedIsClearAgain() {
        Report report = report(credit(712), court("eviction", NEW));

        Reinvestigations.RevisedChecks revised = revise(report, new Change(CheckType.EVICTION, 0, verdict(Outcome.DELETED, NEW)));

        Report.CheckResult eviction = revised.checks().get(1);
        assertThat(eviction.consider()).isFalse();
        assertThat(eviction.findingsDeleted()).isFalse();
        assertThat(records(eviction)).isEmpty();
        assertThat(eviction.provider()).isEqualTo("test");
    }

    @Test
    void upheldRecordsLeaveTheirCheckAsItWas() {
        Report report = report(court("eviction", OLD, NEW));

        Reinvestigations.RevisedChecks revised = revise(report, new Change(CheckType.EVICTION, 1, verdict(Outcome.UPHELD, NEW)));

        assertThat(records(revised.checks().get(0))).containsExactly(OLD, NEW);
        assertThat(revised.checks().get(0).consider()).isTrue();
    }

    @Test
    void anUpheldWholeCheckStaysAsItWas() {
        Report report = report(credit(null), identity(false));

        Reinvestigations.RevisedChecks revised = revise(report,
                new Change(CheckType.CREDIT, null, Reinvestigation.Verdict.ofCheck(Outcome.UPHELD, CheckType.CREDIT, null)));

        assertThat(revised.checks()).containsExactlyElementsOf(report.checks());
    }

    @Test
    void aDeletedWholeCheckLosesItsFindingsAndIsClear() {
        Report report = report(credit(null), court("eviction", OLD), identity(false));

        Reinvestigations.RevisedChecks revised = revise(report,
                new Change(CheckType.EVICTION, null, new Reinvestigation.Verdict<>(Outcome.DELETED, null)),
                new Change(CheckType.IDENTITY_VERIFICATION, null, new Reinvestigation.Verdict<>(Outcome.DELETED, null)));

        assertThat(revised.checks()).extracting(Report.CheckResult::type, Report.CheckResult::consider, Report.CheckResult::details,
                Report.CheckResult::findingsDeleted).containsExactly(
                tuple("credit", true, report.checks().get(0).details(), false),
                tuple("eviction", false, "{}", true),
                tuple("identity_verification", false, "{}", true));
        assertThat(revised.findings().get(CheckType.EVICTION)).isEqualTo(new Findings.Deleted());
        assertThat(revised.findings().get(CheckType.IDENTITY_VERIFICATION)).isEqualTo(new Findings.Deleted());
    }

    @Test
    void aCorrectedWholeCheckTakesTheReverifiedFindingsWhichDecideItsResultAgain() {
        Report report = report(credit(712), identity(false), income(null));

        Reinvestigations.RevisedChecks revised = revise(report,
                new Change(CheckType.IDENTITY_VERIFICATION, null, Reinvestigation.Verdict.ofCheck(Outcome.CORRECTED,
                        CheckType.IDENTITY_VERIFICATION, findings(report.checks().get(1)))),
                new Change(CheckType.INCOME_VERIFICATION, null, Reinvestigation.Verdict.ofCheck(Outcome.CORRECTED,
                        CheckType.INCOME_VERIFICATION, findings(report.checks().get(2)))));

        assertThat(revised.findings().get(CheckType.IDENTITY_VERIFICATION)).isEqualTo(new Findings.IdentityFindings(true, List.of()));
        assertThat(revised.findings().get(CheckType.INCOME_VERIFICATION)).isEqualTo(new Findings.IncomeFindings(520_000L));
        assertThat(revised.checks()).extracting(Report.CheckResult::consider).containsExactly(false, false, false);
        assertThat(findings(revised.checks().get(1))).isEqualTo(new Findings.IdentityFindings(true, List.of()));
    }

    @Test
    void theBuiltInCorrectionOfACreditFileRaisesTheScoreByTwentyToAtMost850AndClearsDelinquencies() {
        assertThat(corrected(credit(712))).isEqualTo(new Findings.CreditFile("VantageScore 4.0", 732,
                new Findings.Tradelines(5, 3, 0, 1_234_500), null, null, null, null, null));
        assertThat(((Findings.CreditFile) corrected(credit(830))).score()).isEqualTo(850);
        assertThat(((Findings.CreditFile) corrected(credit(845))).score()).isEqualTo(850);
        assertThat(((Findings.CreditFile) corrected(credit(null))).score()).as("a file too thin to score stays unscored").isNull();
        assertThat(corrected(income(410_000L))).as("a verified income stays").isEqualTo(new Findings.IncomeFindings(410_000L));
    }

    @Test
    void theBuiltInCorrectionOfARecordDismissesItAndACriminalOneIsNoConviction() {
        Findings.CourtRecord conviction = criminal(LocalDate.of(2024, 3, 2), true);

        assertThat(Reinvestigation.corrected(CheckType.CRIMINAL, conviction)).isEqualTo(new Findings.CourtRecord(conviction.court(),
                conviction.filedOn(), conviction.caseType(), "Dismissed", false, conviction.description()));
        assertThat(Reinvestigation.corrected(CheckType.EVICTION, OLD)).isEqualTo(new Findings.CourtRecord(OLD.court(),
                OLD.filedOn(), OLD.caseType(), "Dismissed", null, OLD.description()));
    }

    @Test
    void aConvictionCorrectedToNoConvictionFallsUnderTheAgeLimitCountedFromTheDayOfTheRevision() {
        Findings.CourtRecord sevenYearsToTheDay = criminal(REVISED_ON.minusYears(7), true);
        Findings.CourtRecord aDayOlder = criminal(REVISED_ON.minusYears(7).minusDays(1), true);
        Report report = report(court("criminal", sevenYearsToTheDay, aDayOlder));

        Reinvestigations.RevisedChecks revised = revise(report,
                new Change(CheckType.CRIMINAL, 0, Reinvestigation.Verdict.of(Outcome.CORRECTED, CheckType.CRIMINAL, sevenYearsToTheDay)),
                new Change(CheckType.CRIMINAL, 1, Reinvestigation.Verdict.of(Outcome.CORRECTED, CheckType.CRIMINAL, aDayOlder)));

        assertThat(records(revised.checks().get(0))).extracting(Findings.CourtRecord::filedOn, Findings.CourtRecord::conviction)
                .containsExactly(tuple(REVISED_ON.minusYears(7), false));
    }

    @Test
    void theAgeLimitIsAppliedAgainToTheWholeRevisedCheckButNotToChecksLeftAlone() {
        Findings.CourtRecord agedSinceTheReport = eviction(REVISED_ON.minusYears(7).minusDays(3), "Travis County Justice Court");
        Report report = report(court("eviction", agedSinceTheReport, NEW), court("criminal", criminal(REVISED_ON.minusYears(9), false)));

        Reinvestigations.RevisedChecks revised = revise(report, new Change(CheckType.EVICTION, 1, verdict(Outcome.UPHELD, NEW)));

        assertThat(records(revised.checks().get(0))).containsExactly(NEW);
        assertThat(revised.checks().get(1)).isSameAs(report.checks().get(1));
    }

    @Test
    void aWholeCheckOfCourtRecordsCorrectedHasEveryRecordCorrected() {
        Report report = report(court("eviction", OLD, NEW));

        Reinvestigations.RevisedChecks revised = revise(report, new Change(CheckType.EVICTION, null,
                Reinvestigation.Verdict.ofCheck(Outcome.CORRECTED, CheckType.EVICTION, findings(report.checks().get(0)))));

        assertThat(records(revised.checks().get(0))).extracting(Findings.CourtRecord::disposition).containsExactly("Dismissed", "Dismissed");
        assertThat(revised.checks().get(0).consider()).isTrue();
    }

    @Test
    void recordsDeletedForTheSameConsumerStayOutOfEveryCourtCheckOfTheNewVersion() {
        Report report = report(credit(712), court("eviction", OLD, NEW), court("criminal", criminal(LocalDate.of(2024, 1, 2), true)));

        Reinvestigations.RevisedChecks revised = Reinvestigations.revisedChecks(report,
                List.of(new Change(CheckType.CREDIT, null, new Reinvestigation.Verdict<>(Outcome.UPHELD, null))), REVISED_ON, FederalLimits.LIMITS,
                Map.of(CheckType.EVICTION, Set.of(DeletedRecords.fingerprint(OLD))));

        assertThat(records(revised.checks().get(1))).containsExactly(NEW);
        assertThat(revised.findings().get(CheckType.EVICTION)).isEqualTo(new Findings.CourtRecords(List.of(NEW)));
        assertThat(revised.checks().get(2)).isSameAs(report.checks().get(2));
    }

    @Test
    void aWholeCheckCorrectedNeverBringsBackARecordDeletedForTheSameConsumer() {
        Report disputed = report(court("eviction", OLD, NEW));
        Report now = report(court("eviction", NEW));

        Reinvestigations.RevisedChecks revised = Reinvestigations.revisedChecks(now, List.of(new Change(CheckType.EVICTION, null,
                        Reinvestigation.Verdict.ofCheck(Outcome.CORRECTED, CheckType.EVICTION, findings(disputed.checks().get(0))))),
                REVISED_ON, FederalLimits.LIMITS, Map.of(CheckType.EVICTION, Set.of(DeletedRecords.fingerprint(OLD))));

        assertThat(records(revised.checks().get(0))).extracting(Findings.CourtRecord::court, Findings.CourtRecord::disposition)
                .containsExactly(tuple(NEW.court(), "Dismissed"));
    }

    private static Reinvestigations.RevisedChecks revise(Report report, Change... changes) {
        return Reinvestigations.revisedChecks(report, List.of(changes), REVISED_ON, FederalLimits.LIMITS, Map.of());
    }

    private static Reinvestigation.Verdict<Findings.CourtRecord> verdict(Outcome outcome, Findings.CourtRecord record) {
        return Reinvestigation.Verdict.of(outcome, CheckType.EVICTION, record);
    }

    private static Findings findings(Report.CheckResult check) {
        return Reinvestigations.findings(check);
    }

    private static Findings corrected(Report.CheckResult check) {
        return Reinvestigation.corrected(CheckType.of(check.type()), findings(check));
    }

    private static List<Findings.CourtRecord> records(Report.CheckResult check) {
        return Reinvestigations.records(check);
    }
}
