package io.tenantscreening.screening;

import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.reports.Report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The consumer's statements of dispute (FCRA section 611(b)), which the disputes feature keeps
 * and implements this lookup for, and the notes of them in a report's checks (611(c)): every
 * report or version of one that screening makes notes, under each check, the statements about
 * a court record the check states (matched by court, filing date, case type and description,
 * as {@link DeletedRecords} matches records) or about the check as a whole (unless its
 * findings were deleted, or it was not run).
 */
public interface ConsumerStatements {

    /** The most statements one check notes: the newest, oldest first (the contract's bound). */
    int MOST_NOTED = 100;

    /** The statements filed about any of these applicants (the same consumer), oldest first; in the caller's transaction. */
    List<Filed> of(Tenant tenant, List<ApplicantRepository.SameConsumer> consumer);

    /** A filed statement: its text, when it was filed, and what it is about (the items of its dispute that stayed). */
    record Filed(String text, Instant filedAt, List<About> about) {

        public Filed {
            about = List.copyOf(about);
        }
    }

    /** A check as a whole ({@code record} null) or one court record of it, that a statement is about. */
    record About(CheckType check, Findings.CourtRecord record) {
    }

    /** The checks, each noting the statements about it or its records instead of what it noted before. */
    static List<Report.CheckResult> noted(List<Report.CheckResult> checks, List<Filed> statements) {
        List<Report.CheckResult> noted = new ArrayList<>();
        for (Report.CheckResult check : checks) {
            CheckType type = CheckType.of(check.type());
            List<Report.Statement> notes = new ArrayList<>();
            if (!check.findingsDeleted() && check.restriction() == null) {
                List<String> records = Reinvestigations.records(check).stream().map(DeletedRecords::fingerprint).toList();
                for (Filed statement : statements) {
                    if (statement.about().stream().anyMatch(about -> about.check() == type && about.record() == null)) {
                        notes.add(new Report.Statement(statement.text(), statement.filedAt(), null));
                        continue;
                    }
                    Set<String> about = statement.about().stream().filter(item -> item.check() == type && item.record() != null)
                            .map(item -> DeletedRecords.fingerprint(item.record())).collect(Collectors.toSet());
                    List<Integer> positions = new ArrayList<>();
                    for (int i = 0; i < records.size(); i++) {
                        if (about.contains(records.get(i))) {
                            positions.add(i);
                        }
                    }
                    if (!positions.isEmpty()) {
                        notes.add(new Report.Statement(statement.text(), statement.filedAt(), positions));
                    }
                }
            }
            noted.add(check.withStatements(notes.subList(Math.max(0, notes.size() - MOST_NOTED), notes.size())));
        }
        return noted;
    }
}
