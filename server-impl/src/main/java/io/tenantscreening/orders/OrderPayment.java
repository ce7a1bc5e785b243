package io.tenantscreening.orders;

import java.util.Locale;

/**
 * What an applicant-paid live order costs its applicant, and where that payment stands.
 * Orders the organisation pays for, and every test order, have none.
 */
public record OrderPayment(Status status, long amountCents, String currency, FailureReason failureReason) {

    public OrderPayment(Status status, long amountCents, String currency) {
        this(status, amountCents, currency, null);
    }

    /**
     * pending until a checkout succeeds; failed after a refused one (the applicant may try
     * again); refunded after a cancel; refund_failed when that refund failed for good.
     */
    public enum Status {
        PENDING, SUCCEEDED, FAILED, REFUNDED, REFUND_FAILED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Status of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * Why a failed payment failed: declined (the payer's payment was refused; they may try
     * again), or refused_by_processor (the processor refused to open a checkout for the order
     * at all, for good: they cannot pay it as it stands).
     */
    public enum FailureReason {
        DECLINED, REFUSED_BY_PROCESSOR;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static FailureReason of(String value) {
            return value == null ? null : valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /** The payment at another status; a reason only stays with a failed one. */
    public OrderPayment withStatus(Status next) {
        return new OrderPayment(next, amountCents, currency, next == Status.FAILED ? failureReason : null);
    }

    /** The payment failed, for this reason. */
    public OrderPayment failed(FailureReason reason) {
        return new OrderPayment(Status.FAILED, amountCents, currency, reason);
    }
}
