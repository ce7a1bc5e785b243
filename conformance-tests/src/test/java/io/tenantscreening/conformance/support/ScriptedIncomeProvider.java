package io.tenantscreening.conformance.support;

import io.micronaut.context.annotation.Requires;
import io.tenantscreening.screening.Answer;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.IncomeProvider;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.ScreeningSubject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Exists only in the test server (test.scripted-provider=true), which routes live
 * income_verification checks to it: a provider whose behaviour the applicant's last name
 * scripts, to show what the service does with a real provider's answers.
 * <ul>
 *   <li>{@code Outage}: fails (throws) until a test calls {@link #endOutage()};</li>
 *   <li>{@code Hanging}: the first question never gets an answer (it waits until interrupted);</li>
 *   <li>{@code Later}: the first question is taken in with a reference, the answer comes when asked again with it;</li>
 *   <li>{@code Slow}: taken in with a reference, to be answered an hour after the first question
 *       ({@link #SLOW}); until then every question is answered with that time again;</li>
 *   <li>{@code Failing}: fails (throws) whenever asked;</li>
 *   <li>anyone else: an income of $4,800.00 at once.</li>
 * </ul>
 * A disputed income check it upholds at once. It declares a typical turnaround of a day
 * ({@link #DECLARED_TURNAROUND}), which the test server's configuration corrects to
 * {@link TestServer#INCOME_TURNAROUND} (the operator's setting of docs/operators.md#orders-and-screening).
 */
@Singleton
@Requires(property = "test.scripted-provider", value = "true")
public class ScriptedIncomeProvider implements IncomeProvider {

    static final String NAME = "scripted";
    /** How long after the first question a {@code Slow} applicant's income is answered. */
    public static final Duration SLOW = Duration.ofHours(1);
    /** The typical turnaround this provider declares. */
    public static final Duration DECLARED_TURNAROUND = Duration.ofDays(1);
    /** Opened by no one: a question waiting on it hangs, as a provider that never answers does, until interrupted. */
    private static final CountDownLatch NEVER = new CountDownLatch(1);

    private final Clock clock;
    private final Map<String, List<Asked>> questions = new ConcurrentHashMap<>();
    private final Map<String, Boolean> interrupted = new ConcurrentHashMap<>();
    private volatile boolean outage = true;

    public ScriptedIncomeProvider(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration typicalTurnaround(CheckType check) {
        return DECLARED_TURNAROUND;
    }

    @Override
    public Answer<Findings.IncomeFindings> verifyIncome(ScreeningSubject subject, Asked asked) {
        List<Asked> mine = questions.computeIfAbsent(subject.applicantId(), id -> new CopyOnWriteArrayList<>());
        mine.add(asked);
        switch (subject.lastName()) {
            case "Outage" -> {
                if (outage) {
                    throw new IllegalStateException("scripted outage");
                }
            }
            case "Hanging" -> {
                if (mine.size() == 1) {
                    try {
                        NEVER.await(1, TimeUnit.MINUTES);
                    } catch (InterruptedException e) {
                        interrupted.put(subject.applicantId(), true);
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("scripted hang, interrupted");
                    }
                }
            }
            case "Slow" -> {
                if (clock.instant().isBefore(asked.firstAskedAt().plus(SLOW))) {
                    return new Answer.Later<>(asked.firstAskedAt().plus(SLOW), "scripted-" + subject.applicantId());
                }
            }
            case "Failing" -> throw new IllegalStateException("scripted failure");
            case "Later" -> {
                if (asked.reference() == null) {
                    return new Answer.Later<>(clock.instant().plusMillis(300), "scripted-" + subject.applicantId());
                }
                if (!asked.reference().equals("scripted-" + subject.applicantId())) {
                    throw new IllegalStateException("asked with reference " + asked.reference());
                }
            }
            default -> {
            }
        }
        return new Answer.Done<>(new Findings.IncomeFindings(480_000L));
    }

    @Override
    public Answer<Reinvestigation.Verdict<Findings>> reinvestigateCheck(CheckType check, ScreeningSubject subject,
                                                                       Findings disputed, String reason, Asked asked) {
        return new Answer.Done<>(new Reinvestigation.Verdict<>(Reinvestigation.Outcome.UPHELD, null));
    }

    /** Every question about the applicant, in the order asked. */
    public List<Asked> questionsAbout(String applicantId) {
        return questions.getOrDefault(applicantId, List.of());
    }

    /** Whether a question about the applicant was abandoned (its thread interrupted). */
    public boolean abandoned(String applicantId) {
        return interrupted.getOrDefault(applicantId, false);
    }

    public void endOutage() {
        outage = false;
    }
}
