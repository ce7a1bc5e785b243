package io.tenantscreening.screening;

import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.reports.Report;

import java.time.LocalDate;
import java.time.Period;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The limits of court records by age and kind (the contract's "Records limited by age and
 * kind", under the tag Reports), applied to every provider's findings before they are stored
 * and before a check's result is decided, and again when the report is made. Records of the
 * eviction check are civil records: left out when filed more than seven years before the day
 * of the report (FCRA section 605(a)(2), {@link #CIVIL_RULE}). Records of the criminal check
 * pass the record limits of the order's screening rules ({@link CriminalRecordLimits}),
 * federal and local alike: no criminal record's limit is encoded here.
 *
 * <p>The boundary: a record filed on the same calendar day seven years before the day of
 * the report is not more than seven years old, so it is kept; one filed the day before is
 * left out (from February 29, seven years back is February 28). The day of the report is
 * a calendar day in the agency's time zone ({@link ReportDay}).
 *
 * <p>It also holds providers to the contract's {@code conviction}: null on civil records,
 * and on a criminal record that does not say, false (only a record known to be a
 * conviction is treated as one).
 */
final class RecordAgeLimit {

    static final Period LIMIT = Period.ofYears(7);

    /** The federal limit on civil suits and judgments, which this class encodes (the criminal ones are rule data). */
    static final Citation CIVIL_RULE = new Citation("us", "15 U.S.C. § 1681c(a)(2)");

    private RecordAgeLimit() {
    }

    /** Findings within the limits, how many records were left out, and how many each rule left out. */
    record Limited(Findings findings, int removed, List<Report.LeftOut> leftOut) {
    }

    /** The findings of a check of this type within the civil limit and {@code criminalLimits}, the order's record limits. */
    static Limited apply(CheckType check, Findings findings, List<RecordLimit> criminalLimits, LocalDate reportDay) {
        if (!(findings instanceof Findings.CourtRecords court) || !(check == CheckType.EVICTION || check == CheckType.CRIMINAL)) {
            return new Limited(findings, 0, List.of());
        }
        if (check == CheckType.CRIMINAL) {
            CriminalRecordLimits.Limited limited = CriminalRecordLimits.apply(
                    court.records().stream().map(RecordAgeLimit::criminal).toList(), criminalLimits, reportDay);
            return new Limited(new Findings.CourtRecords(limited.kept()), limited.removed(), limited.leftOut());
        }
        LocalDate oldestKept = reportDay.minus(LIMIT);
        List<Findings.CourtRecord> kept = new ArrayList<>();
        for (Findings.CourtRecord record : court.records()) {
            if (!record.filedOn().isBefore(oldestKept)) {
                kept.add(civil(record));
            }
        }
        int removed = court.records().size() - kept.size();
        return new Limited(new Findings.CourtRecords(List.copyOf(kept)), removed,
                removed == 0 ? List.of() : List.of(new Report.LeftOut(CIVIL_RULE, removed)));
    }

    /** The records left out at two times (stored, then reported) under each rule, added up, in the order the rules first appear. */
    static List<Report.LeftOut> together(List<Report.LeftOut> first, List<Report.LeftOut> then) {
        Map<Citation, Integer> byRule = new LinkedHashMap<>();
        Stream.concat(first.stream(), then.stream()).forEach(rule -> byRule.merge(rule.rule(), rule.records(), Integer::sum));
        return byRule.entrySet().stream().map(rule -> new Report.LeftOut(rule.getKey(), rule.getValue())).toList();
    }

    private static Findings.CourtRecord civil(Findings.CourtRecord record) {
        return record.conviction() == null ? record : new Findings.CourtRecord(record.court(), record.filedOn(), record.caseType(),
                record.disposition(), null, record.description(), record.disposedOn(), record.releasedOn());
    }

    private static Findings.CourtRecord criminal(Findings.CourtRecord record) {
        return record.conviction() != null ? record : new Findings.CourtRecord(record.court(), record.filedOn(), record.caseType(),
                record.disposition(), false, record.description(), record.disposedOn(), record.releasedOn());
    }
}
