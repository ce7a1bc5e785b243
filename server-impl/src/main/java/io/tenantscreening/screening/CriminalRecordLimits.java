package io.tenantscreening.screening;

import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.MeasuredFrom;
import io.tenantscreening.jurisdictions.RecordKind;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.reports.Report;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The limits on criminal records of the places whose law reaches an order's property
 * ({@code ScreeningRules.recordLimits()}: the federal default's FCRA section 605(a)(2) and
 * (a)(5), and each state's, county's and city's), applied to the records of the criminal
 * check: a record is kept only when every limit on its kind keeps it (the contract's
 * "Records limited by age and kind", under the tag Reports).
 *
 * <p>A record's kind ({@link #kind}): {@code PENDING} when it states no disposition;
 * otherwise {@code NON_CONVICTION} unless it is a conviction; a conviction is a
 * {@code FELONY_CONVICTION} or {@code MISDEMEANOR_CONVICTION} when its {@code case_type} says
 * {@code felony} or {@code misdemeanor} (any case), and an {@code OTHER_CONVICTION} otherwise
 * (a violation, an infraction, a level not stated).
 *
 * <p>A lookback counts from the record's {@code filed_on} ({@code FILING}), or from the later
 * of its {@code disposed_on} and {@code released_on} that it states
 * ({@code DISPOSITION_OR_RELEASE}); a record that states neither is measured from the earliest
 * day it does state, its filing, so that it is never kept longer than the rule allows
 * ({@link MeasuredFrom}). The boundary is the federal one's: a record whose day is the same
 * calendar day {@code lookbackYears} before the day of the report is kept, one a day older is
 * left out (from February 29, the years back end on February 28).
 */
final class CriminalRecordLimits {

    private CriminalRecordLimits() {
    }

    /** The records kept, how many were left out, and how many each rule left out (a record under each rule that leaves it out). */
    record Limited(List<Findings.CourtRecord> kept, int removed, List<Report.LeftOut> leftOut) {
    }

    static Limited apply(List<Findings.CourtRecord> records, List<RecordLimit> limits, LocalDate reportDay) {
        List<Findings.CourtRecord> kept = new ArrayList<>();
        Map<Citation, Integer> byRule = new LinkedHashMap<>();
        for (Findings.CourtRecord record : records) {
            RecordKind kind = kind(record);
            List<Citation> leavingOut = limits.stream().filter(limit -> limit.kind() == kind && !keeps(limit, record, reportDay))
                    .map(RecordLimit::citation).distinct().toList();
            if (leavingOut.isEmpty()) {
                kept.add(record);
            }
            leavingOut.forEach(rule -> byRule.merge(rule, 1, Integer::sum));
        }
        List<Report.LeftOut> leftOut = byRule.entrySet().stream().map(rule -> new Report.LeftOut(rule.getKey(), rule.getValue())).toList();
        return new Limited(List.copyOf(kept), records.size() - kept.size(), leftOut);
    }

    /** The kind of a criminal record whose {@code conviction} is stated (true or false). */
    static RecordKind kind(Findings.CourtRecord record) {
        if (record.disposition() == null) {
            return RecordKind.PENDING;
        }
        if (!Boolean.TRUE.equals(record.conviction())) {
            return RecordKind.NON_CONVICTION;
        }
        return switch (record.caseType() == null ? "" : record.caseType().strip().toLowerCase(Locale.ROOT)) {
            case "felony" -> RecordKind.FELONY_CONVICTION;
            case "misdemeanor" -> RecordKind.MISDEMEANOR_CONVICTION;
            default -> RecordKind.OTHER_CONVICTION;
        };
    }

    /** The day a lookback counting from {@code from} runs from for this record. */
    static LocalDate measuredFrom(Findings.CourtRecord record, MeasuredFrom from) {
        if (from == MeasuredFrom.FILING) {
            return record.filedOn();
        }
        return Stream.of(record.disposedOn(), record.releasedOn()).filter(Objects::nonNull).max(LocalDate::compareTo)
                .orElse(record.filedOn());
    }

    private static boolean keeps(RecordLimit limit, Findings.CourtRecord record, LocalDate reportDay) {
        if (limit.excluded()) {
            return false;
        }
        return !measuredFrom(record, limit.measuredFrom()).isBefore(reportDay.minusYears(limit.lookbackYears()));
    }
}
