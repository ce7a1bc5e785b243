package io.tenantscreening.orders;

import java.util.Locale;

/** Who pays for an order: the organisation (charged at creation, live mode) or the applicant. */
public enum Payer {
    ORGANIZATION, APPLICANT;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Payer of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
