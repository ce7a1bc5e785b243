package io.tenantscreening.billing;

import java.util.Locale;

/**
 * How a live order is paid, decided once when it is placed: not at all by the organisation
 * (the applicant pays, or test mode), onto the organisation's invoice, or by its saved
 * card through the gateway. The amount is in cents of the price list's currency.
 */
public record ChargePlan(Method method, long amountCents, String currency) {

    public enum Method {
        NONE, INVOICE, CARD;

        public String dbValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Method fromDb(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    public static final ChargePlan NONE = new ChargePlan(Method.NONE, 0, null);

    public boolean byCard() {
        return method == Method.CARD;
    }
}
