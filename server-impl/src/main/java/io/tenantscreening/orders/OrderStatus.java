package io.tenantscreening.orders;

import java.util.Locale;

/** Where an order is in its life: waiting_for_applicant → pending → completed, or canceled before completion. */
public enum OrderStatus {
    WAITING_FOR_APPLICANT, PENDING, COMPLETED, CANCELED;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static OrderStatus of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public boolean isFinal() {
        return this == COMPLETED || this == CANCELED;
    }
}
