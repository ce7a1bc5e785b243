package io.tenantscreening.screening;

import java.time.Instant;
import java.util.List;

/**
 * A provider's answer about one check: its findings (or, to a reinvestigation, its verdicts on
 * the disputed records), or when to ask again.
 */
public sealed interface Answer<F> {

    /**
     * The check is done; these are its findings, and the certifications its furnishers gave
     * of them (FCRA section 611(a)(5)(B)(i); none unless the provider reports one, and only
     * answers with findings carry them).
     */
    record Done<F>(F findings, List<Certification> certified) implements Answer<F> {

        public Done {
            certified = List.copyOf(certified);
        }

        /** Findings no furnisher certified. */
        public Done(F findings) {
            this(findings, List.of());
        }
    }

    /** Not ready: ask again at {@code askAgainAt}, with this reference (the provider's handle on the request). */
    record Later<F>(Instant askAgainAt, String reference) implements Answer<F> {
    }
}
