package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outcome profiles of test mode (docs/integrators.md#outcome-profiles): records are dated
 * back from the day of the screening, so each profile means the same on any day, through the
 * age limit (docs/integrators.md#records-limited-by-age-and-kind).
 */
class OutcomeProfilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-25", "2028-02-29", "2033-01-01"})
    void recentRecordsStayInTheReportOnAnyDay(LocalDate today) {
        Findings eviction = limited(CheckType.EVICTION, OutcomeProfiles.evictions(subject("0001"), today), today);
        Findings criminal = limited(CheckType.CRIMINAL, OutcomeProfiles.criminalRecords(subject("0002"), today), today);

        assertThat(records(eviction)).singleElement().satisfies(record -> {
            assertThat(record.filedOn()).isEqualTo(today.minusYears(3));
            assertThat(record.conviction()).isNull();
        });
        assertThat(records(criminal)).singleElement().satisfies(record -> {
            assertThat(record.filedOn()).isEqualTo(today.minusYears(2));
            assertThat(record.conviction()).as("deferred adjudication is not a conviction").isFalse();
        });
        assertThat(eviction.consider()).isTrue();
        assertThat(criminal.consider()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-25", "2028-02-29", "2033-01-01"})
    void oldRecordsLeaveOnlyTheConvictionOnAnyDay(LocalDate today) {
        Findings eviction = limited(CheckType.EVICTION, OutcomeProfiles.evictions(subject("0007"), today), today);
        Findings criminal = limited(CheckType.CRIMINAL, OutcomeProfiles.criminalRecords(subject("0007"), today), today);

        assertThat(records(OutcomeProfiles.evictions(subject("0007"), today))).extracting(Findings.CourtRecord::filedOn)
                .containsExactly(today.minusYears(9));
        assertThat(records(OutcomeProfiles.criminalRecords(subject("0007"), today))).extracting(Findings.CourtRecord::filedOn)
                .containsExactly(today.minusYears(9), today.minusYears(12));
        assertThat(records(eviction)).isEmpty();
        assertThat(eviction.consider()).isFalse();
        assertThat(records(criminal)).singleElement().satisfies(record -> {
            assertThat(record.conviction()).isTrue();
            assertThat(record.filedOn()).isEqualTo(today.minusYears(12));
        });
        assertThat(criminal.consider()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {712, 640})
    void aLowScoreIs560AndClear(int otherwise) {
        Findings.CreditFile credit = OutcomeProfiles.credit(subject("0005"), otherwise, java.time.LocalDate.of(2026, 11, 25));

        assertThat(credit.score()).isEqualTo(560);
        assertThat(credit.consider()).isFalse();
        assertThat(OutcomeProfiles.credit(subject("0000"), otherwise, java.time.LocalDate.of(2026, 11, 25)).score()).isEqualTo(otherwise);
    }

    @Test
    void anIncomeThatCouldNotBeVerifiedIsNullAndConsider() {
        Findings.IncomeFindings income = OutcomeProfiles.income(subject("0006"));

        assertThat(income.verifiedMonthlyIncomeCents()).isNull();
        assertThat(income.consider()).isTrue();
        assertThat(OutcomeProfiles.income(subject("0000")).verifiedMonthlyIncomeCents()).isEqualTo(520_000L);
    }

    private static Findings limited(CheckType check, Findings findings, LocalDate today) {
        return RecordAgeLimit.apply(check, findings, FederalLimits.LIMITS, today).findings();
    }

    private static List<Findings.CourtRecord> records(Findings findings) {
        return ((Findings.CourtRecords) findings).records();
    }

    private static ScreeningSubject subject(String ssnLastFour) {
        return new ScreeningSubject("ap_1", "A", "B", null, ssnLastFour);
    }
}
