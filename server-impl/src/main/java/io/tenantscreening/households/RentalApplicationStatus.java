package io.tenantscreening.households;

import java.util.Locale;

/** The states of a rental application (see Households, under Rental applications, in the contract). */
public enum RentalApplicationStatus {
    /** Some counted member's order is not completed yet. */
    COLLECTING,
    /** Every counted member's order is completed. */
    COMPLETED,
    /** Final. */
    CANCELED;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RentalApplicationStatus of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
