package io.tenantscreening.organizations;

import java.util.Locale;

/**
 * How an organisation pays: the state of its saved payment method, as the built-in
 * gateway reads it, and whether it is invoiced instead of charged per order.
 */
public record BillingSettings(PaymentMethod paymentMethod, boolean invoiced) {

    public static final BillingSettings DEFAULT = new BillingSettings(PaymentMethod.NONE, false);

    /** The state of the saved card: none, usable, declined, or needing interactive authentication. */
    public enum PaymentMethod {
        NONE, OK, DECLINED, AUTH_REQUIRED;

        public String dbValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static PaymentMethod fromDb(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }
}
