package io.tenantscreening.conformance.support;

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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Exists only in a service started with TEST_SLOW_SCREENING=&lt;duration&gt;: the canned
 * provider, taking that long over every credit and criminal check, so that a test can kill
 * the instance while its workers are in the middle of screenings.
 */
@Singleton
@Replaces(CannedProvider.class)
@Requires(property = "test.slow-screening")
public class SlowCannedProvider extends CannedProvider {

    /** Opened by no one: a credit check waiting on it takes the whole slowness, as a slow provider's answer does. */
    private static final CountDownLatch NEVER = new CountDownLatch(1);

    private final Duration slowness;

    public SlowCannedProvider(@Value("${test.slow-screening}") Duration slowness, ReportDay day) {
        super(day);
        this.slowness = slowness;
    }

    @Override
    public Answer<Findings.CreditFile> credit(ScreeningSubject subject, Asked asked) {
        beSlow();
        return super.credit(subject, asked);
    }

    @Override
    public Answer<Findings.CourtRecords> criminalRecords(ScreeningSubject subject, Asked asked) {
        beSlow();
        return super.criminalRecords(subject, asked);
    }

    private void beSlow() {
        try {
            NEVER.await(slowness.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while being slow", e);
        }
    }
}
