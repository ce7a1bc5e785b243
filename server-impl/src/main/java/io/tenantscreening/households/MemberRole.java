package io.tenantscreening.households;

import java.util.Locale;

/** What a member is to the household (the contract's MemberRole). */
public enum MemberRole {
    /** The main applicant; every application has one. */
    APPLICANT,
    /** Another adult who will live in the unit and sign the lease. */
    CO_APPLICANT,
    /** Guarantees the rent and does not live there. */
    GUARANTOR;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MemberRole of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** Whether the member's income counts towards the household's (an applicant or co-applicant). */
    public boolean earner() {
        return this != GUARANTOR;
    }
}
