package io.tenantscreening.orders;

import java.util.Locale;

/**
 * What an applicant-paid live order costs its applicant, and where that payment stands.
 * Orders the organisation pays for, and every test order, have none.
 */
public record OrderPayment(Status status, long amountCents, String currency) {

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

    public OrderPayment withStatus(Status next) {
        return new OrderPayment(next, amountCents, currency);
    }
}
