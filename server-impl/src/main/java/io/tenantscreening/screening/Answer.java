package io.tenantscreening.screening;

import java.time.Instant;

/** A provider's answer about one check: its findings, or when to ask again. */
public sealed interface Answer<F extends Findings> {

    /** The check is done; these are its findings. */
    record Done<F extends Findings>(F findings) implements Answer<F> {
    }

    /** Not ready: ask again at {@code askAgainAt}, with this reference (the provider's handle on the request). */
    record Later<F extends Findings>(Instant askAgainAt, String reference) implements Answer<F> {
    }
}
