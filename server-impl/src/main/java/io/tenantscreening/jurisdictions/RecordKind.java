package io.tenantscreening.jurisdictions;

import java.util.Locale;

/**
 * The kinds of criminal record a place's rules tell apart, from a record as a provider reports
 * it: {@code PENDING}, a case not yet disposed of (no disposition); {@code NON_CONVICTION}, a
 * disposed case that is not a conviction (an arrest, a charge dismissed, an acquittal);
 * {@code FELONY_CONVICTION} and {@code MISDEMEANOR_CONVICTION}, a conviction whose case type
 * says so; {@code OTHER_CONVICTION}, any other conviction (a violation, an infraction, or a
 * level the provider did not state).
 */
public enum RecordKind {
    PENDING, NON_CONVICTION, FELONY_CONVICTION, MISDEMEANOR_CONVICTION, OTHER_CONVICTION;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RecordKind of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
