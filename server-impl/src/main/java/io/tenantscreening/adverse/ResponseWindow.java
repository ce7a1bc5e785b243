package io.tenantscreening.adverse;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.BusinessDays;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * When the response window of a pre-adverse notice ends. In live mode: {@code days}
 * business days after the notice, at the same local time of day, counted in the agency's
 * time zone ({@code AGENCY_TIME_ZONE}). Business days are Monday to Friday except US federal
 * holidays as observed ({@link BusinessDays}). Each day after the notice's local date that is
 * a business day counts one, so a notice on Friday (or over the weekend) with one day ends on
 * Monday at the notice's time of day, or on Tuesday when that Monday is a holiday. On a day when that local time does not exist (the clocks go forward) it ends as
 * much later as the gap; when it exists twice (they go back), at the first. In test mode the window is the operator's test window instead
 * ({@code ADVERSE_ACTION_TEST_WINDOW}), so that tests need not wait for days.
 */
@Singleton
public class ResponseWindow {

    private final ZoneId zone;
    private final AdverseActionSettings settings;

    public ResponseWindow(AgencySettings agency, AdverseActionSettings settings) {
        this.zone = agency.getTimeZone();
        this.settings = settings;
    }

    public Instant deadline(Mode mode, Instant noticeAt, int days) {
        return mode == Mode.TEST ? noticeAt.plus(settings.getTestWindow()) : businessDaysLater(noticeAt, days, zone);
    }

    static Instant businessDaysLater(Instant from, int days, ZoneId zone) {
        ZonedDateTime notice = from.atZone(zone);
        return ZonedDateTime.of(BusinessDays.after(notice.toLocalDate(), days), notice.toLocalTime(), zone).toInstant();
    }
}
