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

    /**
     * The state machine: waiting_for_applicant → pending → completed, and
     * waiting_for_applicant or pending → canceled. completed and canceled are final.
     */
    public boolean canMoveTo(OrderStatus next) {
        return switch (this) {
            case WAITING_FOR_APPLICANT -> next == PENDING || next == CANCELED;
            case PENDING -> next == COMPLETED || next == CANCELED;
            case COMPLETED, CANCELED -> false;
        };
    }
}
