package io.tenantscreening.orders;

import java.time.Instant;
import java.util.Locale;

/**
 * One check of an order as the order shows it: its type (a check type's value), where it
 * stands, and, while it is pending, when it is expected to complete ({@code overdue} when an
 * earlier estimate passed and it was estimated again from now). The screening feature makes
 * them ({@link OrderChecks}).
 */
public record OrderCheck(String type, Status status, Instant estimatedCompletionAt, boolean overdue) {

    /**
     * Where a check stands: nothing asked while its order waits, pending until answered,
     * complete, or canceled with its order; or, a criminal check, held until the landlord's
     * conditional offer, or not run where the law does not allow it.
     */
    public enum Status {
        WAITING_FOR_APPLICANT, PENDING, COMPLETE, CANCELED, HELD, NOT_RUN;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
