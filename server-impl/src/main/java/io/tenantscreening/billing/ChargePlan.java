package io.tenantscreening.billing;

import java.util.Locale;

/**
 * How a live order is paid, decided once when it is placed: not at all by the organisation
 * (the applicant pays, or test mode), onto the organisation's invoice, or by its saved
 * card through the gateway.
 */
public enum ChargePlan {
    NONE, INVOICE, CARD;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ChargePlan fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
