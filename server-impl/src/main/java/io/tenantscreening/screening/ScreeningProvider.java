package io.tenantscreening.screening;

import java.time.Duration;
import java.time.Instant;

/**
 * A source of screening results, named in reports ({@code provider}). A provider offers
 * one or more check types by implementing their interfaces: {@link CreditProvider},
 * {@link EvictionProvider}, {@link CriminalProvider}, {@link IdentityProvider},
 * {@link IncomeProvider}; configuration chooses a provider per check type for live orders
 * (see {@link ScreeningProviders}).
 *
 * <p>The service asks about one check of one order, again and again until the provider
 * answers: at once ({@link Answer.Done}), or later ({@link Answer.Later}: the service asks
 * again at that time, passing back the provider's reference, so a provider can submit the
 * check the first time and poll for it, or look up a callback it stored, after). A
 * provider that fails throws, and one that does not answer within
 * {@code screening.providers.timeout} is abandoned; either way the service asks again,
 * with backoff. A report is complete only when every check is done.
 */
public interface ScreeningProvider {

    /** The name reports show and configuration uses. */
    String name();

    /**
     * How long this provider typically takes to answer a check of this type, from the first
     * question: what a pending check is expected to take until the provider says when it will
     * answer (the contract's "Expected completion times"). For live orders the operator may
     * set another per check type ({@link ScreeningProviders#typicalTurnaround}).
     */
    Duration typicalTurnaround(CheckType check);

    /**
     * Verifies again, as a whole, a check this provider reported and the applicant disputes
     * (FCRA section 611): one verdict, whose correction (for {@link Reinvestigation.Outcome#CORRECTED})
     * is the re-verified findings, of the same kind as {@code disputed}. {@code reason} is the
     * applicant's, in their words. Asked as a check is asked, again until it answers; what it
     * has not answered by the end of the reinvestigation period is deleted from the report.
     */
    Answer<Reinvestigation.Verdict<Findings>> reinvestigateCheck(CheckType check, ScreeningSubject subject, Findings disputed,
                                                                String reason, Asked asked);

    /** What the service knows of a check it asked before: when it first asked, and the provider's reference (null at first). */
    record Asked(Instant firstAskedAt, String reference) {
    }
}
