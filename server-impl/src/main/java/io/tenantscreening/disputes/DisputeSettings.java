package io.tenantscreening.disputes;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/** Settings of disputes ({@code screening.disputes.*}; the README lists their variables). */
@ConfigurationProperties("screening.disputes")
public class DisputeSettings {

    private int reinvestigationDays = 30;

    /** The days a dispute's reinvestigation may take before what is not verified is deleted (FCRA section 611: 30). */
    public int getReinvestigationDays() {
        return reinvestigationDays;
    }

    public void setReinvestigationDays(int reinvestigationDays) {
        if (reinvestigationDays < 1 || reinvestigationDays > 30) {
            throw new IllegalArgumentException("DISPUTE_REINVESTIGATION_DAYS must be from 1 to 30, the period the law allows");
        }
        this.reinvestigationDays = reinvestigationDays;
    }

    public Duration reinvestigationPeriod() {
        return Duration.ofDays(reinvestigationDays);
    }
}
