package io.tenantscreening.common;

import de.focus_shift.jollyday.core.HolidayManager;
import de.focus_shift.jollyday.core.ManagerParameters;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;
import java.util.Objects;

/**
 * Business days: Monday to Friday, except the US federal holidays as federal offices observe
 * them (the rules in holidays/us-federal.xml, 5 U.S.C. 6103, evaluated by the jollyday
 * library: a holiday on a Saturday is observed the Friday before, one on a Sunday the Monday
 * after). The one definition the service uses wherever a period runs in business days.
 */
public final class BusinessDays {

    private static final HolidayManager FEDERAL = HolidayManager.getInstance(ManagerParameters.create(
            Objects.requireNonNull(BusinessDays.class.getResource("/holidays/us-federal.xml"), "holidays/us-federal.xml")));

    private BusinessDays() {
    }

    public static boolean isBusinessDay(LocalDate day) {
        return day.getDayOfWeek() != DayOfWeek.SATURDAY && day.getDayOfWeek() != DayOfWeek.SUNDAY && !holiday(day);
    }

    /**
     * Whether federal offices observe a holiday on the day. The library answers for the day's
     * own year; a New Year's Day on a Saturday is observed on the last day of the year before,
     * so December also asks the next year's holidays.
     */
    private static boolean holiday(LocalDate day) {
        return FEDERAL.isHoliday(day) || day.getMonth() == Month.DECEMBER
                && FEDERAL.getHolidays(Year.of(day.getYear() + 1)).stream().anyMatch(holiday -> holiday.getDate().equals(day));
    }

    /** The day {@code days} business days after {@code from}: each later day that is a business day counts one. */
    public static LocalDate after(LocalDate from, int days) {
        LocalDate day = from;
        int counted = 0;
        while (counted < days) {
            day = day.plusDays(1);
            if (isBusinessDay(day)) {
                counted++;
            }
        }
        return day;
    }
}
