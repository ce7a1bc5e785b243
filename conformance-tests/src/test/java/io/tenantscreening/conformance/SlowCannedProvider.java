package io.tenantscreening.conformance;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.tenantscreening.screening.Answer;
import io.tenantscreening.screening.CannedProvider;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.ReportDay;
import io.tenantscreening.screening.ScreeningSubject;
import jakarta.inject.Singleton;

import java.time.Duration;

/**
 * Exists only in a service started with TEST_SLOW_SCREENING=&lt;duration&gt;: the canned
 * provider, taking that long over every credit check, so that a test can kill the instance
 * while its workers are in the middle of screenings.
 */
@Singleton
@Replaces(CannedProvider.class)
@Requires(property = "test.slow-screening")
public class SlowCannedProvider extends CannedProvider {

    private final Duration slowness;

    public SlowCannedProvider(@Value("${test.slow-screening}") Duration slowness, ReportDay day) {
        super(day);
        this.slowness = slowness;
    }

    @Override
    public Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked) {
        try {
            Thread.sleep(slowness.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while being slow", e);
        }
        return super.credit(subject, asked);
    }
}
