package io.tenantscreening.screening;

import io.tenantscreening.agency.AgencySettings;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The calendar day of a screening and of its report as the agency counts days: an instant
 * of the service's clock in the agency's time zone ({@code AGENCY_TIME_ZONE}), the zone in
 * which the report's PDF shows its dates. The age limit of records and the dates of the
 * outcome profiles count from it.
 */
@Singleton
public class ReportDay {

    private final Clock clock;
    private final AgencySettings agency;

    public ReportDay(Clock clock, AgencySettings agency) {
        this.clock = clock;
        this.agency = agency;
    }

    public LocalDate of(Instant instant) {
        return LocalDate.ofInstant(instant, agency.getTimeZone());
    }

    public LocalDate today() {
        return of(clock.instant());
    }
}
