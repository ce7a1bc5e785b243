package io.tenantscreening.screening;

import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.MeasuredFrom;
import io.tenantscreening.jurisdictions.RecordKind;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The record limits of places on criminal records (openapi.yaml, "Records limited by age and
 * kind" under Reports; the javadoc of {@code MeasuredFrom}): a record's kind from its
 * disposition, conviction and case type; lookbacks from filing or from the later of disposition
 * and release, a record that states neither measured from its filing (the earliest day it
 * states); the boundary day kept; excluded kinds left out whatever their age; every limit on a
 * kind applies, and what each left out is counted under its citation.
 */
class CriminalRecordLimitsTest {

    private static final LocalDate REPORT_DAY = LocalDate.of(2026, 11, 25);
    private static final Citation STATE = new Citation("us-xx", "State Code § 1(a)");
    private static final Citation CITY = new Citation("us-xx-city", "City Code § 2(b)");

    @Test
    void aRecordWithoutADispositionIsPendingWhateverItsConviction() {
        assertThat(CriminalRecordLimits.kind(record("felony", null, false, null, null))).isEqualTo(RecordKind.PENDING);
        assertThat(CriminalRecordLimits.kind(record("felony", null, true, null, null))).isEqualTo(RecordKind.PENDING);
    }

    @Test
    void aDisposedRecordThatIsNotAConvictionIsANonConviction() {
        assertThat(CriminalRecordLimits.kind(record("felony", "Dismissed", false, null, null))).isEqualTo(RecordKind.NON_CONVICTION);
    }

    @Test
    void aConvictionsLevelComesFromItsCaseTypeAndAnyOtherIsAnOtherConviction() {
        assertThat(CriminalRecordLimits.kind(record("Felony", "Guilty", true, null, null))).isEqualTo(RecordKind.FELONY_CONVICTION);
        assertThat(CriminalRecordLimits.kind(record("misdemeanor", "Guilty", true, null, null)))
                .isEqualTo(RecordKind.MISDEMEANOR_CONVICTION);
        assertThat(CriminalRecordLimits.kind(record("violation", "Guilty", true, null, null))).isEqualTo(RecordKind.OTHER_CONVICTION);
        assertThat(CriminalRecordLimits.kind(record(null, "Guilty", true, null, null))).isEqualTo(RecordKind.OTHER_CONVICTION);
    }

    @Test
    void aLookbackFromDispositionOrReleaseKeepsTheBoundaryDayAndLeavesOutTheDayBefore() {
        RecordLimit sevenYears = new RecordLimit(RecordKind.FELONY_CONVICTION, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, STATE);
        Findings.CourtRecord boundary = felony(LocalDate.of(2010, 1, 1), LocalDate.of(2019, 11, 25), null);
        Findings.CourtRecord dayBefore = felony(LocalDate.of(2010, 1, 1), LocalDate.of(2019, 11, 24), null);

        CriminalRecordLimits.Limited limited = CriminalRecordLimits.apply(List.of(boundary, dayBefore), List.of(sevenYears), REPORT_DAY);

        assertThat(limited.kept()).containsExactly(boundary);
        assertThat(limited.removed()).isEqualTo(1);
        assertThat(limited.leftOut()).containsExactly(new Report.LeftOut(STATE, 1));
    }

    @Test
    void dispositionOrReleaseCountsFromTheLaterOfTheTwo() {
        Findings.CourtRecord released = felony(LocalDate.of(2010, 1, 1), LocalDate.of(2012, 3, 1), LocalDate.of(2020, 5, 6));
        Findings.CourtRecord releasedFirst = felony(LocalDate.of(2010, 1, 1), LocalDate.of(2021, 2, 3), LocalDate.of(2011, 1, 1));

        assertThat(CriminalRecordLimits.measuredFrom(released, MeasuredFrom.DISPOSITION_OR_RELEASE)).isEqualTo(LocalDate.of(2020, 5, 6));
        assertThat(CriminalRecordLimits.measuredFrom(releasedFirst, MeasuredFrom.DISPOSITION_OR_RELEASE))
                .isEqualTo(LocalDate.of(2021, 2, 3));
        assertThat(CriminalRecordLimits.measuredFrom(released, MeasuredFrom.FILING)).isEqualTo(LocalDate.of(2010, 1, 1));
    }

    @Test
    void aRecordThatStatesNeitherDispositionNorReleaseIsMeasuredFromItsFilingTheEarliestDayItStates() {
        RecordLimit sevenYears = new RecordLimit(RecordKind.FELONY_CONVICTION, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, STATE);
        Findings.CourtRecord undated = felony(LocalDate.of(2019, 11, 24), null, null);
        Findings.CourtRecord undatedOnTheBoundary = felony(LocalDate.of(2019, 11, 25), null, null);

        assertThat(CriminalRecordLimits.apply(List.of(undated, undatedOnTheBoundary), List.of(sevenYears), REPORT_DAY).kept())
                .containsExactly(undatedOnTheBoundary);
    }

    @Test
    void anExcludedKindIsLeftOutWhateverItsAgeAndOtherKindsAreKept() {
        RecordLimit noArrests = new RecordLimit(RecordKind.NON_CONVICTION, true, null, null, STATE);
        Findings.CourtRecord yesterday = record("misdemeanor", "Arrest; no charges filed", false, REPORT_DAY.minusDays(1), null);
        Findings.CourtRecord pending = record("misdemeanor", null, false, null, null);
        Findings.CourtRecord ancientConviction = felony(LocalDate.of(1980, 1, 1), LocalDate.of(1981, 1, 1), null);

        CriminalRecordLimits.Limited limited = CriminalRecordLimits.apply(List.of(yesterday, pending, ancientConviction),
                List.of(noArrests), REPORT_DAY);

        assertThat(limited.kept()).containsExactly(pending, ancientConviction);
        assertThat(limited.leftOut()).containsExactly(new Report.LeftOut(STATE, 1));
    }

    @Test
    void everyPlacesLimitAppliesAndARecordLeftOutByTwoCountsUnderEach() {
        RecordLimit stateSeven = new RecordLimit(RecordKind.MISDEMEANOR_CONVICTION, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, STATE);
        RecordLimit cityThree = new RecordLimit(RecordKind.MISDEMEANOR_CONVICTION, false, 3, MeasuredFrom.DISPOSITION_OR_RELEASE, CITY);
        Findings.CourtRecord fourYears = misdemeanor(REPORT_DAY.minusYears(4));
        Findings.CourtRecord eightYears = misdemeanor(REPORT_DAY.minusYears(8));
        Findings.CourtRecord twoYears = misdemeanor(REPORT_DAY.minusYears(2));

        CriminalRecordLimits.Limited limited = CriminalRecordLimits.apply(List.of(fourYears, eightYears, twoYears),
                List.of(stateSeven, cityThree), REPORT_DAY);

        assertThat(limited.kept()).containsExactly(twoYears);
        assertThat(limited.removed()).isEqualTo(2);
        assertThat(limited.leftOut()).containsExactlyInAnyOrder(new Report.LeftOut(CITY, 2), new Report.LeftOut(STATE, 1));
    }

    @Test
    void aLimitOnAnotherKindLeavesARecordAlone() {
        RecordLimit felonies = new RecordLimit(RecordKind.FELONY_CONVICTION, true, null, null, CITY);
        Findings.CourtRecord misdemeanor = misdemeanor(REPORT_DAY.minusYears(30));

        assertThat(CriminalRecordLimits.apply(List.of(misdemeanor), List.of(felonies), REPORT_DAY).kept()).containsExactly(misdemeanor);
    }

    @Test
    void fromTheTwentyNinthOfFebruaryTheYearsBackEndOnTheTwentyEighth() {
        RecordLimit threeYears = new RecordLimit(RecordKind.MISDEMEANOR_CONVICTION, false, 3, MeasuredFrom.DISPOSITION_OR_RELEASE, CITY);
        Findings.CourtRecord kept = misdemeanor(LocalDate.of(2025, 2, 28));
        Findings.CourtRecord leftOut = misdemeanor(LocalDate.of(2025, 2, 27));

        assertThat(CriminalRecordLimits.apply(List.of(kept, leftOut), List.of(threeYears), LocalDate.of(2028, 2, 29)).kept())
                .containsExactly(kept);
    }

    private static Findings.CourtRecord felony(LocalDate filedOn, LocalDate disposedOn, LocalDate releasedOn) {
        return new Findings.CourtRecord("Travis County District Court", filedOn, "felony", "Guilty", true, "Burglary", disposedOn,
                releasedOn);
    }

    private static Findings.CourtRecord misdemeanor(LocalDate disposedOn) {
        return new Findings.CourtRecord("Travis County Court at Law No. 3", disposedOn.minusMonths(3), "misdemeanor", "Guilty plea",
                true, "Criminal mischief", disposedOn, null);
    }

    private static Findings.CourtRecord record(String caseType, String disposition, boolean conviction, LocalDate disposedOn,
                                               LocalDate releasedOn) {
        return new Findings.CourtRecord("Travis County Court at Law No. 5", LocalDate.of(2024, 6, 1), caseType, disposition, conviction,
                "Disorderly conduct", disposedOn, releasedOn);
    }
}
