package io.tenantscreening.screening;

import java.time.LocalDate;
import java.time.Period;
import java.util.ArrayList;
import java.util.List;

/**
 * The age limit of court records (FCRA section 605(a); the contract's "Screening and
 * reports", "Records limited by age", under the tag Reports), applied to every provider's
 * findings before they are stored and before a check's result is decided. Records of the
 * eviction check are
 * civil records: left out when filed more than seven years before the day of the report.
 * Records of the criminal check are left out when filed more than seven years before that
 * day unless they are convictions, which are kept whatever their age.
 *
 * <p>The boundary: a record filed on the same calendar day seven years before the day of
 * the report is not more than seven years old, so it is kept; one filed the day before is
 * left out (from February 29, seven years back is February 28). The day of the report is
 * a calendar day in the agency's time zone ({@link ReportDay}).
 *
 * <p>It also holds providers to the contract's {@code conviction}: null on civil records,
 * and on a criminal record that does not say, false (only a record known to be a
 * conviction escapes the limit).
 */
final class RecordAgeLimit {

    static final Period LIMIT = Period.ofYears(7);

    private RecordAgeLimit() {
    }

    /** Findings within the limit, and how many records were left out. */
    record Limited(Findings findings, int removed) {
    }

    static Limited apply(CheckType check, Findings findings, LocalDate reportDay) {
        if (!(findings instanceof Findings.CourtRecords court) || !(check == CheckType.EVICTION || check == CheckType.CRIMINAL)) {
            return new Limited(findings, 0);
        }
        LocalDate oldestKept = reportDay.minus(LIMIT);
        List<Findings.CourtRecord> kept = new ArrayList<>();
        for (Findings.CourtRecord record : court.records()) {
            Findings.CourtRecord stated = check == CheckType.CRIMINAL ? criminal(record) : civil(record);
            if (Boolean.TRUE.equals(stated.conviction()) || !stated.filedOn().isBefore(oldestKept)) {
                kept.add(stated);
            }
        }
        return new Limited(new Findings.CourtRecords(List.copyOf(kept)), court.records().size() - kept.size());
    }

    private static Findings.CourtRecord civil(Findings.CourtRecord record) {
        return record.conviction() == null ? record : new Findings.CourtRecord(record.court(), record.filedOn(), record.caseType(),
                record.disposition(), null, record.description());
    }

    private static Findings.CourtRecord criminal(Findings.CourtRecord record) {
        return record.conviction() != null ? record : new Findings.CourtRecord(record.court(), record.filedOn(), record.caseType(),
                record.disposition(), false, record.description());
    }
}
