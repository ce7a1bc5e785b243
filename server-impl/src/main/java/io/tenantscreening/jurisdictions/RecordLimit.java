package io.tenantscreening.jurisdictions;

/**
 * One place's limit on a kind of criminal record: either the kind is {@code excluded} outright,
 * or it is kept only while it is at most {@code lookbackYears} old, counted from
 * {@code measuredFrom}. A kind no limit names is kept whatever its age. Every limit of every
 * place that applies to a property applies to its reports: a record is kept only when each
 * limit on its kind keeps it.
 */
public record RecordLimit(RecordKind kind, boolean excluded, Integer lookbackYears, MeasuredFrom measuredFrom,
                          Citation citation) {

    public RecordLimit {
        if (excluded == (lookbackYears != null)) {
            throw new IllegalArgumentException("a record limit either excludes its kind or gives a lookback: " + kind);
        }
        if ((lookbackYears == null) != (measuredFrom == null)) {
            throw new IllegalArgumentException("a lookback needs the day it runs from: " + kind);
        }
    }
}
