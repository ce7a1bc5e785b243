package io.tenantscreening.jurisdictions;

import java.util.Locale;

/**
 * How the law of a place lets a landlord screen an applicant's criminal history, from the
 * loosest to the strictest: {@code STANDARD} beside the other checks; {@code TWO_STEP} only
 * after the landlord's conditional offer, so the criminal check is held until then; and
 * {@code NOT_ALLOWED}, so the criminal check is not run. Where several places' rules apply to
 * one property, the strictest wins ({@link #strictest}).
 */
public enum CriminalScreening {
    STANDARD, TWO_STEP, NOT_ALLOWED;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CriminalScreening of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public CriminalScreening strictest(CriminalScreening other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
