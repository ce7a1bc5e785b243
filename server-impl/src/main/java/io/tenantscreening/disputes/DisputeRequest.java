package io.tenantscreening.disputes;

import io.tenantscreening.common.Text;
import io.tenantscreening.contract.TextRules;
import io.tenantscreening.disputes.DisputeService.DisputedRecord;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigations;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** The rules of a dispute as the applicant states it: the records and checks it names, and its reason. */
final class DisputeRequest {

    static final int LONGEST_REASON = 2000;
    static final int MOST_ITEMS = 100;
    private static final Pattern LINE = Pattern.compile(TextRules.LINE);
    private static final Pattern LINE_BREAKS = Pattern.compile("\r\n|[\r\n]");

    private DisputeRequest() {
    }

    /**
     * The disputed records and whole checks of the report as items, each with a copy of the
     * record or check; 422 with an entry per fault.
     */
    static List<Dispute.Item> items(Report report, List<DisputedRecord> records) {
        List<ErrorEntry> errors = new ArrayList<>();
        if (records == null || records.isEmpty()) {
            throw ApiException.invalid(ErrorSource.pointer("/dispute/items"),
                    "Name at least one record or check of the report to dispute.");
        }
        if (records.size() > MOST_ITEMS) {
            throw ApiException.invalid(ErrorSource.pointer("/dispute/items"), "At most " + MOST_ITEMS + " records or checks per dispute.");
        }
        List<String> disputable = report.checks().stream().filter(result -> !result.findingsDeleted())
                .map(Report.CheckResult::type).toList();
        List<Dispute.Item> items = new ArrayList<>();
        Set<DisputedRecord> seen = new HashSet<>();
        for (int i = 0; i < records.size(); i++) {
            DisputedRecord named = records.get(i);
            String at = "/dispute/items/" + i;
            Optional<Report.CheckResult> check = report.checks().stream()
                    .filter(result -> result.type().equals(named.check())).findFirst();
            List<Findings.CourtRecord> stated = check.map(Reinvestigations::records).orElse(List.of());
            boolean court = named.check() != null && (named.check().equals("eviction") || named.check().equals("criminal"));
            if (check.isEmpty() || check.get().findingsDeleted()) {
                errors.add(new ErrorEntry("validation_error", check.isEmpty()
                        ? "Must be a check of the report whose findings it states: " + String.join(", ", disputable) + "."
                        : "The findings of the " + named.check() + " check were deleted after a dispute; nothing of it is left to dispute.",
                        ErrorSource.pointer(at + "/check")));
            } else if (named.record() != null && !court) {
                errors.add(new ErrorEntry("validation_error", "The " + named.check() + " check lists no records; "
                        + "dispute it as a whole (record null).", ErrorSource.pointer(at + "/record")));
            } else if (named.record() != null && (named.record() < 0 || named.record() >= stated.size())) {
                errors.add(new ErrorEntry("validation_error", stated.isEmpty() ? "The " + named.check() + " check lists no records."
                        : "Must be the position of a record of the " + named.check() + " check, from 0 to " + (stated.size() - 1) + ".",
                        ErrorSource.pointer(at + "/record")));
            } else if (!seen.add(named)) {
                errors.add(new ErrorEntry("validation_error", named.record() == null ? "This check is named twice."
                        : "This record is named twice.", ErrorSource.pointer(at)));
            } else if (seen.contains(DisputedRecord.wholeCheck(named.check())) && items.stream()
                    .anyMatch(item -> item.check().value().equals(named.check()) && item.wholeCheck() != (named.record() == null))) {
                errors.add(new ErrorEntry("validation_error", "The " + named.check() + " check is disputed as a whole; "
                        + "name the check or its records, not both.", ErrorSource.pointer(at)));
            } else {
                items.add(named.record() == null
                        ? new Dispute.Item(CheckType.of(named.check()), null, Reinvestigations.json(check.get()), null)
                        : new Dispute.Item(CheckType.of(named.check()), named.record(),
                        Reinvestigations.json(stated.get(named.record())), null));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return items;
    }

    /** The reason as stored: its line breaks as spaces, trimmed; 422 on {@code /dispute/reason} unless it is good text. */
    static String reason(String reason) {
        ErrorSource source = ErrorSource.pointer("/dispute/reason");
        String text = Text.trim(LINE_BREAKS.matcher(reason == null ? "" : reason).replaceAll(" "));
        if (!LINE.matcher(text).matches()) {
            throw ApiException.invalid(source, "Must not contain control characters, line or paragraph separators or "
                    + "bidirectional formatting characters.");
        }
        if (text.isEmpty()) {
            throw ApiException.invalid(source, "Say why you dispute these records or checks.");
        }
        if (TextRules.isInvisible(text)) {
            throw ApiException.invalid(source, TextRules.INVISIBLE);
        }
        if (text.codePointCount(0, text.length()) > LONGEST_REASON) {
            throw ApiException.invalid(source, "Must be at most " + LONGEST_REASON + " characters.");
        }
        return text;
    }
}
