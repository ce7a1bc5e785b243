package io.tenantscreening.copies;

import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigations;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A check as a whole, or a court record, of the report that the applicant may dispute from
 * their copy, as a checkbox of its form: the field's name ({@code whole-<check>} or
 * {@code record-<check>-<position>}) and what it names in words. A check whose findings a
 * dispute deleted offers nothing.
 */
public record DisputeChoice(String field, String label) {

    private static final Pattern WHOLE = Pattern.compile("whole-(credit|eviction|criminal|identity_verification|income_verification)");
    private static final Pattern RECORD = Pattern.compile("record-(eviction|criminal)-([0-9]{1,3})");

    /** Each check of the report as a whole, then its court records, check by check, in its order. */
    static List<DisputeChoice> of(Report report) {
        List<DisputeChoice> choices = new ArrayList<>();
        for (Report.CheckResult check : report.checks()) {
            if (check.findingsDeleted()) {
                continue;
            }
            choices.add(new DisputeChoice("whole-" + check.type(), ReportSections.title(check.type()) + " (the whole check, result: "
                    + (check.consider() ? "consider" : "clear") + ")"));
            List<Findings.CourtRecord> records = Reinvestigations.records(check);
            for (int i = 0; i < records.size(); i++) {
                Findings.CourtRecord record = records.get(i);
                choices.add(new DisputeChoice("record-" + check.type() + "-" + i,
                        (check.type().equals("eviction") ? "Eviction record" : "Criminal record") + " filed "
                                + ReportSections.day(record.filedOn()) + ", " + record.court() + ": " + record.description()));
            }
        }
        return choices;
    }

    /** The check, or check and position, a field of the form names; empty for any other field. */
    static Optional<DisputeService.DisputedRecord> parse(String field) {
        Matcher whole = WHOLE.matcher(field);
        if (whole.matches()) {
            return Optional.of(DisputeService.DisputedRecord.wholeCheck(whole.group(1)));
        }
        Matcher record = RECORD.matcher(field);
        return record.matches()
                ? Optional.of(new DisputeService.DisputedRecord(record.group(1), Integer.parseInt(record.group(2))))
                : Optional.empty();
    }
}
