package io.tenantscreening.adverse;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/** Settings of adverse actions ({@code screening.adverse-actions.*}; the README lists their variables). */
@ConfigurationProperties("screening.adverse-actions")
public class AdverseActionSettings {

    private int responseDays = 5;
    private Duration testWindow = Duration.ofSeconds(60);
    private Duration emailGiveUpAfter = Duration.ofDays(3);

    /** The business days of a pre-adverse notice's response window when the request names none. */
    public int getResponseDays() {
        return responseDays;
    }

    public void setResponseDays(int responseDays) {
        if (responseDays < 1 || responseDays > 30) {
            throw new IllegalArgumentException("ADVERSE_ACTION_RESPONSE_DAYS must be from 1 to 30, as the API allows");
        }
        this.responseDays = responseDays;
    }

    /** How long the response window of a test-mode adverse action lasts, instead of business days. */
    public Duration getTestWindow() {
        return testWindow;
    }

    public void setTestWindow(Duration testWindow) {
        this.testWindow = testWindow;
    }

    /** A notice whose email still fails this long after the notice was made is undeliverable. */
    public Duration getEmailGiveUpAfter() {
        return emailGiveUpAfter;
    }

    public void setEmailGiveUpAfter(Duration emailGiveUpAfter) {
        this.emailGiveUpAfter = emailGiveUpAfter;
    }
}
