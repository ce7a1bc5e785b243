package io.tenantscreening.policies;

import java.util.Locale;

/**
 * The reasons a recommendation can give (the contract's section Decisions, in the description
 * of the tag Screening policies), each with the decision it calls for.
 */
public enum ReasonCode {
    CREDIT_SCORE_BELOW_MINIMUM(Decision.CONDITIONAL),
    CREDIT_FILE_TOO_THIN(Decision.REVIEW),
    EVICTIONS_ABOVE_MAXIMUM(Decision.DECLINE),
    CRIMINAL_RECORD_IN_LOOKBACK(Decision.REVIEW),
    INCOME_BELOW_RATIO(Decision.CONDITIONAL),
    INCOME_NOT_VERIFIED(Decision.REVIEW),
    IDENTITY_NOT_VERIFIED(Decision.REVIEW),
    CHECK_NOT_ORDERED(Decision.REVIEW);

    private final Decision decision;

    ReasonCode(Decision decision) {
        this.decision = decision;
    }

    public Decision decision() {
        return decision;
    }

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ReasonCode of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
