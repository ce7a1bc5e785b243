package io.tenantscreening.jurisdictions;

import java.util.Locale;

/**
 * The day a lookback period runs from: {@code FILING}, the day the case was filed (an arrest's
 * entry); {@code DISPOSITION_OR_RELEASE}, the latest of the day the case was disposed of and the
 * day the person was released from incarceration or parole. Where a record does not state the
 * day a rule counts from, its age is measured from the earliest day it does state, so that a
 * record is never kept longer than the rule allows.
 */
public enum MeasuredFrom {
    FILING, DISPOSITION_OR_RELEASE;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MeasuredFrom of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
