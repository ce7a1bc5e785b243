package io.tenantscreening.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Business days (docs/operators.md#adverse-actions, openapi.yaml#adverse-action): Monday to
 * Friday except the legal public holidays of 5 U.S.C. 6103(a), on the days federal offices
 * observe them (6103(b): a Saturday holiday on the Friday before, a Sunday one on the Monday
 * after).
 */
class BusinessDaysTest {

    /** The eleven holidays of 5 U.S.C. 6103(a) in 2026 and 2027, as observed. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19", "2026-07-03", "2026-09-07",
            "2026-10-12", "2026-11-11", "2026-11-26", "2026-12-25",
            "2027-01-01", "2027-01-18", "2027-02-15", "2027-05-31", "2027-06-18", "2027-07-05", "2027-09-06", "2027-10-11",
            "2027-11-11", "2027-11-25", "2027-12-24"})
    void aFederalHolidayIsNoBusinessDay(String day) {
        assertThat(BusinessDays.isBusinessDay(LocalDate.parse(day))).isFalse();
    }

    /** Weekdays around them are business days; weekends never are. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-11-25", "2026-11-27", "2026-07-06", "2026-10-13", "2026-12-24", "2027-06-21", "2027-07-06"})
    void anOrdinaryWeekdayIsABusinessDay(String day) {
        assertThat(BusinessDays.isBusinessDay(LocalDate.parse(day))).isTrue();
    }

    @Test
    void weekendsAreNoBusinessDays() {
        assertThat(BusinessDays.isBusinessDay(LocalDate.of(2026, 11, 28))).isFalse();
        assertThat(BusinessDays.isBusinessDay(LocalDate.of(2026, 7, 4))).as("Independence Day on a Saturday").isFalse();
    }

    @Test
    void countingSkipsWeekendsAndHolidays() {
        assertThat(BusinessDays.after(LocalDate.of(2026, 11, 25), 1)).isEqualTo(LocalDate.of(2026, 11, 27));
        assertThat(BusinessDays.after(LocalDate.of(2026, 12, 24), 1)).isEqualTo(LocalDate.of(2026, 12, 28));
        assertThat(BusinessDays.after(LocalDate.of(2026, 12, 31), 1)).isEqualTo(LocalDate.of(2027, 1, 4));
        assertThat(BusinessDays.after(LocalDate.of(2026, 11, 23), 5)).isEqualTo(LocalDate.of(2026, 12, 1));
    }

    /**
     * 2028-01-01 is a Saturday; federal offices observe it on Friday 2027-12-31 (5 U.S.C.
     * 6103(b)), a day of the year before the holiday's.
     */
    @Test
    void aNewYearsDayOnASaturdayIsObservedTheFridayBefore() {
        assertThat(BusinessDays.isBusinessDay(LocalDate.of(2027, 12, 31))).isFalse();
    }
}
