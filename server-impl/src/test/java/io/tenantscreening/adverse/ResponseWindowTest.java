package io.tenantscreening.adverse;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#adverse-action ("response_days business days (Monday to Friday except US federal
 * holidays) ... counted in the consumer reporting agency's time zone";
 * docs/integrators.md#adverse-actions: at the same local time of day as the notice) and
 * POST /adverse_actions, rule 5 (response_deadline; in test mode, the operator's test window).
 */
class ResponseWindowTest {

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

    /**
     * Local times in New York; 2026-11-23 is a Monday, 2026-11-26 Thanksgiving, 2026-12-25
     * Christmas and 2027-01-01 New Year's Day, federal holidays that are skipped.
     */
    @ParameterizedTest
    @CsvSource({
            "2026-11-23T10:04, 5, 2026-12-01T10:04",
            "2026-11-23T10:04, 1, 2026-11-24T10:04",
            "2026-11-25T10:04, 1, 2026-11-27T10:04",
            "2026-11-27T10:04, 1, 2026-11-30T10:04",
            "2026-11-28T10:04, 1, 2026-11-30T10:04",
            "2026-11-29T23:30, 1, 2026-11-30T23:30",
            "2026-11-27T10:04, 5, 2026-12-04T10:04",
            "2026-11-23T10:04, 10, 2026-12-08T10:04",
            "2026-11-23T10:04, 30, 2027-01-07T10:04",
    })
    void countsBusinessDaysAfterTheNoticeAndKeepsItsLocalTimeOfDay(String noticeAt, int days, String endsAt) {
        Instant notice = java.time.LocalDateTime.parse(noticeAt).atZone(NEW_YORK).toInstant();

        Instant deadline = ResponseWindow.businessDaysLater(notice, days, NEW_YORK);

        assertThat(deadline).isEqualTo(java.time.LocalDateTime.parse(endsAt).atZone(NEW_YORK).toInstant());
    }

    /** Days are counted in the agency's zone: 23:30 on a Friday in New York is already Saturday in UTC. */
    @Test
    void theAgencysTimeZoneDecidesWhichDayTheNoticeIsOn() {
        Instant fridayNightInNewYork = Instant.parse("2026-11-28T04:30:00Z");

        assertThat(ResponseWindow.businessDaysLater(fridayNightInNewYork, 1, NEW_YORK))
                .isEqualTo(Instant.parse("2026-12-01T04:30:00Z"));
        assertThat(ResponseWindow.businessDaysLater(fridayNightInNewYork, 1, ZoneId.of("UTC")))
                .isEqualTo(Instant.parse("2026-11-30T04:30:00Z"));
    }

    /** Across the change to summer time the window ends at the same local time, an hour fewer in UTC terms. */
    @Test
    void aWindowAcrossAChangeOfTheClocksEndsAtTheSameLocalTime() {
        Instant friday = Instant.parse("2027-03-12T15:00:00Z");

        assertThat(ResponseWindow.businessDaysLater(friday, 1, NEW_YORK)).isEqualTo(Instant.parse("2027-03-15T14:00:00Z"));
    }

    @Test
    void testModeUsesTheOperatorsTestWindowInsteadOfBusinessDays() {
        AdverseActionSettings settings = new AdverseActionSettings();
        settings.setTestWindow(Duration.ofSeconds(7));
        AgencySettings agency = new AgencySettings();
        ResponseWindow window = new ResponseWindow(agency, settings);
        Instant now = Instant.parse("2026-11-27T15:00:00Z");

        assertThat(window.deadline(Mode.TEST, now, 5)).isEqualTo(now.plusSeconds(7));
        assertThat(window.deadline(Mode.LIVE, now, 5)).isEqualTo(Instant.parse("2026-12-04T15:00:00Z"));
    }
}
