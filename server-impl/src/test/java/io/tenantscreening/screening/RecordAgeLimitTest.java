package io.tenantscreening.screening;

import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records limited by age and kind (openapi.yaml, "Records limited by age and kind" under
 * Reports): civil records filed more than seven years before the report are left out (FCRA
 * 605(a)(2), in code); criminal records pass the order's record limits, here the federal
 * default's (605(a)(2), (a)(5): records that are not convictions, seven years from filing);
 * convictions stay whatever their age under it; a check whose only records were left out is
 * clear. The boundary: a record filed exactly seven years before the day of the report is kept.
 */
class RecordAgeLimitTest {

    private static final LocalDate REPORT_DAY = LocalDate.of(2026, 11, 25);

    @Test
    void anEvictionRecordIsKeptUpToSevenYearsToTheDayAndLeftOutFromTheDayBefore() {
        Findings.CourtRecord sevenYears = eviction(LocalDate.of(2019, 11, 25));
        Findings.CourtRecord oneDayMore = eviction(LocalDate.of(2019, 11, 24));
        Findings.CourtRecord recent = eviction(LocalDate.of(2023, 6, 14));

        RecordAgeLimit.Limited limited = limit(CheckType.EVICTION, sevenYears, oneDayMore, recent);

        assertThat(records(limited)).containsExactly(sevenYears, recent);
        assertThat(limited.removed()).isEqualTo(1);
        assertThat(limited.leftOut()).containsExactly(new Report.LeftOut(RecordAgeLimit.CIVIL_RULE, 1));
    }

    @Test
    void anEvictionRecordMarkedAsAConvictionIsStillACivilRecord() {
        Findings.CourtRecord marked = new Findings.CourtRecord("Court", LocalDate.of(2010, 1, 5), "eviction", "Judgment", true, "Rent");

        RecordAgeLimit.Limited limited = limit(CheckType.EVICTION, marked);

        assertThat(records(limited)).isEmpty();
        assertThat(limited.findings().consider()).as("a check whose only records were left out is clear").isFalse();
    }

    @Test
    void aRecentEvictionRecordSaysNothingOfAConviction() {
        Findings.CourtRecord marked = new Findings.CourtRecord("Court", LocalDate.of(2024, 1, 5), "eviction", "Judgment", false, "Rent");

        assertThat(records(limit(CheckType.EVICTION, marked))).extracting(Findings.CourtRecord::conviction).containsOnlyNulls();
    }

    @Test
    void aCriminalRecordThatIsNotAConvictionIsKeptUpToSevenYearsToTheDay() {
        Findings.CourtRecord sevenYears = criminal(LocalDate.of(2019, 11, 25), false);
        Findings.CourtRecord oneDayMore = criminal(LocalDate.of(2019, 11, 24), false);

        RecordAgeLimit.Limited limited = limit(CheckType.CRIMINAL, sevenYears, oneDayMore);

        assertThat(records(limited)).containsExactly(sevenYears);
        assertThat(limited.removed()).isEqualTo(1);
        assertThat(limited.leftOut()).containsExactly(new Report.LeftOut(FederalLimits.FCRA, 1));
        assertThat(limited.findings().consider()).isTrue();
    }

    @Test
    void aConvictionIsKeptWhateverItsAge() {
        Findings.CourtRecord old = criminal(LocalDate.of(2014, 11, 25), true);
        Findings.CourtRecord ancient = criminal(LocalDate.of(1980, 2, 29), true);
        Findings.CourtRecord oldArrest = criminal(LocalDate.of(2017, 11, 25), false);

        RecordAgeLimit.Limited limited = limit(CheckType.CRIMINAL, old, oldArrest, ancient);

        assertThat(records(limited)).containsExactly(old, ancient);
        assertThat(limited.findings().consider()).isTrue();
    }

    @Test
    void aCriminalRecordThatDoesNotSayIsNotAConviction() {
        Findings.CourtRecord old = criminal(LocalDate.of(2015, 3, 2), null);
        Findings.CourtRecord recent = criminal(LocalDate.of(2024, 3, 2), null);

        RecordAgeLimit.Limited limited = limit(CheckType.CRIMINAL, old, recent);

        assertThat(records(limited)).containsExactly(criminal(LocalDate.of(2024, 3, 2), false));
    }

    @Test
    void sevenYearsBeforeTheTwentyNinthOfFebruaryIsTheTwentyEighth() {
        LocalDate leapDay = LocalDate.of(2028, 2, 29);
        Findings.CourtRecord kept = eviction(LocalDate.of(2021, 2, 28));
        Findings.CourtRecord leftOut = eviction(LocalDate.of(2021, 2, 27));

        RecordAgeLimit.Limited limited = RecordAgeLimit.apply(CheckType.EVICTION,
                new Findings.CourtRecords(List.of(kept, leftOut)), FederalLimits.LIMITS, leapDay);

        assertThat(records(limited)).containsExactly(kept);
    }

    @Test
    void otherFindingsPassUnchanged() {
        Findings.CreditFile credit = new Findings.CreditFile("VantageScore 4.0", 560, new Findings.Tradelines(9, 4, 0, 1_845_000), null, null, null, null, null);
        Findings.IncomeFindings income = new Findings.IncomeFindings(null);

        assertThat(RecordAgeLimit.apply(CheckType.CREDIT, credit, FederalLimits.LIMITS, REPORT_DAY))
                .isEqualTo(new RecordAgeLimit.Limited(credit, 0, List.of()));
        assertThat(RecordAgeLimit.apply(CheckType.INCOME_VERIFICATION, income, FederalLimits.LIMITS, REPORT_DAY))
                .isEqualTo(new RecordAgeLimit.Limited(income, 0, List.of()));
    }

    private static RecordAgeLimit.Limited limit(CheckType check, Findings.CourtRecord... records) {
        return RecordAgeLimit.apply(check, new Findings.CourtRecords(List.of(records)), FederalLimits.LIMITS, REPORT_DAY);
    }

    private static List<Findings.CourtRecord> records(RecordAgeLimit.Limited limited) {
        return ((Findings.CourtRecords) limited.findings()).records();
    }

    private static Findings.CourtRecord eviction(LocalDate filedOn) {
        return new Findings.CourtRecord("Travis County Justice Court, Precinct 5", filedOn, "eviction", "Judgment for plaintiff",
                null, "Non-payment of rent");
    }

    @Test
    void recordsLeftOutWhenStoredAndWhenReportedAddUpPerRule() {
        Report.LeftOut civil = new Report.LeftOut(RecordAgeLimit.CIVIL_RULE, 1);

        assertThat(RecordAgeLimit.together(List.of(civil), List.of(new Report.LeftOut(RecordAgeLimit.CIVIL_RULE, 2),
                new Report.LeftOut(FederalLimits.FCRA, 1)))).containsExactly(new Report.LeftOut(RecordAgeLimit.CIVIL_RULE, 3),
                new Report.LeftOut(FederalLimits.FCRA, 1));
    }

    private static Findings.CourtRecord criminal(LocalDate filedOn, Boolean conviction) {
        return new Findings.CourtRecord("Travis County District Court", filedOn, "misdemeanor", "Dismissed", conviction, "Trespass");
    }
}
