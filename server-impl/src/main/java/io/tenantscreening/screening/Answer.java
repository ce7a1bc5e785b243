package io.tenantscreening.screening;

import java.time.Instant;

/**
 * A provider's answer about one check: its findings (or, to a reinvestigation, its verdicts on
 * the disputed records), or when to ask again.
 */
public sealed interface Answer<F> {

    /** The check is done; these are its findings. */
    record Done<F>(F findings) implements Answer<F> {
    }

    /** Not ready: ask again at {@code askAgainAt}, with this reference (the provider's handle on the request). */
    record Later<F>(Instant askAgainAt, String reference) implements Answer<F> {
    }
}
