package io.tenantscreening.screening;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.reports.Report;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What disputes need of screening (FCRA section 611): the court records and findings a report
 * states, where a disputed record stands in a later version (matched by court, filing date,
 * case type and description, as {@link DeletedRecords} matches records), the question to the
 * provider that reported them, and the report's checks revised by the verdicts: corrected
 * records replaced, deleted ones removed, a whole check's findings replaced by the corrected
 * ones or deleted ({@link Report.CheckResult#deleted}), the age limit applied again (counted
 * from the day of the revision, the day the revised report is made), the court records deleted
 * for the same consumer left out (611(a)(5)(C): a correction never brings one back), the
 * consumer's statements of dispute noted ({@link ConsumerStatements}, 611(c)), each check's
 * result decided again and the recommendation made again under the order's policy
 * ({@link Recommendations}).
 */
@Singleton
public class Reinvestigations {

    private final ScreeningProviders providers;
    private final OrderService orders;
    private final ApplicantService applicants;
    private final Recommendations recommendations;
    private final ReportDay day;
    private final ExecutorService calls;
    private final Duration timeout;
    private final DeletedRecords deleted;
    private final ConsumerStatements statements;

    public Reinvestigations(ScreeningProviders providers, OrderService orders, ApplicantService applicants,
                            Recommendations recommendations, ReportDay day, @Named(ScreeningService.CALLS) ExecutorService calls,
                            @Value("${screening.providers.timeout}") Duration timeout, DeletedRecords deleted,
                            ConsumerStatements statements) {
        this.deleted = deleted;
        this.statements = statements;
        this.providers = providers;
        this.orders = orders;
        this.applicants = applicants;
        this.recommendations = recommendations;
        this.day = day;
        this.calls = calls;
        this.timeout = timeout;
    }

    /** The court records of a check as the report states them; empty for a check without records or whose findings were deleted. */
    public static List<Findings.CourtRecord> records(Report.CheckResult check) {
        CheckType type = CheckType.of(check.type());
        if (type != CheckType.EVICTION && type != CheckType.CRIMINAL || check.findingsDeleted()) {
            return List.of();
        }
        return ((Findings.CourtRecords) FindingsJson.read(type, check.details())).records();
    }

    /**
     * The findings of a check as the report states them; {@link Findings.Deleted} when a dispute
     * deleted them, {@link Findings.Withheld} when the check was not run.
     */
    public static Findings findings(Report.CheckResult check) {
        if (check.restriction() != null) {
            return new Findings.Withheld(check.restriction().reason() == Report.Restriction.Reason.AWAITING_CONDITIONAL_OFFER);
        }
        return check.findingsDeleted() ? new Findings.Deleted() : FindingsJson.read(CheckType.of(check.type()), check.details());
    }

    /** Findings from the JSON of a check's details. */
    public static Findings findings(CheckType check, String details) {
        return FindingsJson.read(check, details);
    }

    /** A check as the report states it, in the shape of the API's report check (JSON), as a dispute of the whole check keeps it. */
    public static String json(Report.CheckResult check) {
        return FindingsJson.write(check);
    }

    /** The findings of a check kept by {@link #json(Report.CheckResult)}. */
    public static Findings disputedFindings(CheckType check, String json) {
        return FindingsJson.readDetails(check, json);
    }

    /** A court record as the report's details state it (JSON). */
    public static String json(Findings.CourtRecord record) {
        return FindingsJson.write(record);
    }

    /** A court record from its JSON. */
    public static Findings.CourtRecord record(String json) {
        return FindingsJson.readRecord(json);
    }

    /** Whether two court records are the same record: the same court, filing date, case type and description. */
    public static boolean sameRecord(Findings.CourtRecord one, Findings.CourtRecord other) {
        return DeletedRecords.fingerprint(one).equals(DeletedRecords.fingerprint(other));
    }

    /** Whether the checks state the findings of this check: they have it, and a dispute did not delete its findings. */
    public static boolean states(List<Report.CheckResult> checks, CheckType check) {
        return checks.stream().anyMatch(result -> result.type().equals(check.value()) && !result.findingsDeleted());
    }

    /**
     * Where the checks state this court record of the check: its position from 0 among the
     * check's records, {@code expected} when the record there is the same record, otherwise the
     * first position of the same record not in {@code taken}; empty when they no longer state it.
     */
    public static Optional<Integer> position(List<Report.CheckResult> checks, CheckType check, Findings.CourtRecord record,
                                             Integer expected, Set<Integer> taken) {
        List<Findings.CourtRecord> stated = checks.stream().filter(result -> result.type().equals(check.value())).findFirst()
                .map(Reinvestigations::records).orElse(List.of());
        if (expected != null && expected >= 0 && expected < stated.size() && !taken.contains(expected)
                && sameRecord(stated.get(expected), record)) {
            return Optional.of(expected);
        }
        for (int i = 0; i < stated.size(); i++) {
            if (!taken.contains(i) && sameRecord(stated.get(i), record)) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** What providers are told of the applicant of an order; in the caller's transaction. */
    public ScreeningSubject subject(Tenant tenant, String orderId) {
        Applicant applicant = applicants.require(tenant, orders.get(tenant, orderId, Set.of()).order().applicantId());
        return new ScreeningSubject(applicant.id(), applicant.firstName(), applicant.lastName(), applicant.dob(),
                applicant.ssnLastFour());
    }

    /**
     * Asks the provider that reported the check to verify the disputed records again, on the
     * providers' threads and within {@code screening.providers.timeout}, outside any
     * transaction; throws when it fails or does not answer in time.
     */
    public Answer<List<Reinvestigation.Verdict<Findings.CourtRecord>>> ask(CheckType check, String provider,
                                                                          ScreeningSubject subject,
                                                                          List<Findings.CourtRecord> disputed, String reason,
                                                                          ScreeningProvider.Asked asked) {
        return call(check, () -> providers.reinvestigate(check, provider, subject, disputed, reason, asked));
    }

    /** Asks the provider that reported the check to verify the whole check again, as {@link #ask} asks about records. */
    public Answer<Reinvestigation.Verdict<Findings>> askCheck(CheckType check, String provider, ScreeningSubject subject,
                                                              Findings disputed, String reason, ScreeningProvider.Asked asked) {
        return call(check, () -> providers.reinvestigateCheck(check, provider, subject, disputed, reason, asked));
    }

    private <A> A call(CheckType check, Callable<A> question) {
        Future<A> call = calls.submit(question);
        try {
            return call.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw new ScreeningService.ProviderFailure("the " + check.value() + " provider did not answer the reinvestigation in time", e);
        } catch (ExecutionException e) {
            throw new ScreeningService.ProviderFailure("the " + check.value() + " provider failed to reinvestigate", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.cancel(true);
            throw new ScreeningService.ProviderFailure("interrupted while asking the " + check.value() + " provider", e);
        }
    }

    /**
     * A verdict on the record at {@code record} (from 0) of a check (a verdict on a
     * {@link Findings.CourtRecord}), or with {@code record} null on the whole check (a verdict
     * on its {@link Findings}).
     */
    public record Change(CheckType check, Integer record, Reinvestigation.Verdict<?> verdict) {
    }

    /** The revised checks, in the report's order, and the recommendation made from them. */
    public record Revision(List<Report.CheckResult> checks, Recommendation recommendation) {
    }

    /**
     * The report's checks with the verdicts applied, made at {@code now}, each record at
     * {@link Change#record()} in the report as it stands; in the caller's transaction. Records
     * what was deleted ({@link DeletedRecords}, FCRA section 611(a)(5)(C)): a deleted record,
     * every record of a court-record check whose findings were deleted, or the findings of any
     * other check deleted as a whole; then leaves out of every check what was deleted for the
     * same consumer (no certification reinserts anything here) and notes the consumer's
     * statements of dispute.
     */
    public Revision revise(Tenant tenant, Report report, List<Change> changes, Instant now) {
        Order order = orders.get(tenant, report.orderId(), Set.of()).order();
        for (Change change : changes) {
            if (change.verdict().outcome() == Reinvestigation.Outcome.DELETED) {
                Report.CheckResult stated = report.checks().stream().filter(check -> check.type().equals(change.check().value()))
                        .findFirst().orElseThrow();
                List<Findings.CourtRecord> records = records(stated);
                deleted.record(tenant, report.orderId(), change.check(),
                        change.record() == null ? records : List.of(records.get(change.record())),
                        change.record() == null ? findings(stated) : null, now);
            }
        }
        List<ApplicantRepository.SameConsumer> consumer = applicants.sameConsumer(tenant, order.applicantId());
        Map<CheckType, Set<String>> deletedOfConsumer = new EnumMap<>(CheckType.class);
        for (Report.CheckResult check : report.checks()) {
            deletedOfConsumer.put(CheckType.of(check.type()), deleted.of(tenant, consumer, CheckType.of(check.type())));
        }
        RevisedChecks revised = revisedChecks(report, changes, day.of(now), order.screeningRules().recordLimits(), deletedOfConsumer);
        return new Revision(ConsumerStatements.noted(revised.checks(), statements.of(tenant, consumer)),
                recommendations.of(tenant, order, revised.findings(), now));
    }

    /**
     * The report's checks noting the consumer's statements of dispute as they are now (FCRA
     * section 611(c)), nothing else changed; in the caller's transaction.
     */
    public List<Report.CheckResult> restated(Tenant tenant, Report report) {
        Order order = orders.get(tenant, report.orderId(), Set.of()).order();
        return ConsumerStatements.noted(report.checks(), statements.of(tenant, applicants.sameConsumer(tenant, order.applicantId())));
    }

    /** The report's checks revised by the verdicts, in the report's order, and the findings each now states. */
    public record RevisedChecks(List<Report.CheckResult> checks, Map<CheckType, Findings> findings) {
    }

    /**
     * The report's checks with the verdicts applied on {@code day}, the day of the revision
     * (the limits by age and kind count from it, {@code limits} being the record limits of the
     * order's screening rules), each check screened against the fingerprints
     * {@code deleted} holds for its type (what was deleted for the same consumer, FCRA section
     * 611(a)(5)(C), {@link DeletedRecords#screen} without certifications: court records left
     * out, other findings stated as deleted), a whole check's correction included: what
     * {@link #revise} decides before the recommendation is made again from the findings.
     */
    public static RevisedChecks revisedChecks(Report report, List<Change> changes, LocalDate day, List<RecordLimit> limits,
                                              Map<CheckType, Set<String>> deleted) {
        List<Report.CheckResult> checks = new ArrayList<>();
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        for (Report.CheckResult check : report.checks()) {
            CheckType type = CheckType.of(check.type());
            List<Change> ofCheck = changes.stream().filter(change -> change.check() == type).toList();
            Findings stated = findings(check);
            if (stated instanceof Findings.Withheld) {
                checks.add(check);
                findings.put(type, stated);
                continue;
            }
            Change whole = ofCheck.stream().filter(change -> change.record() == null).findFirst().orElse(null);
            Set<String> deletedOfCheck = deleted.getOrDefault(type, Set.of());
            if (ofCheck.isEmpty() || whole != null && whole.verdict().outcome() == Reinvestigation.Outcome.UPHELD) {
                Findings kept = screened(type, stated, deletedOfCheck);
                checks.add(kept.equals(stated) ? check : result(check, kept, List.of()));
                findings.put(type, kept);
                continue;
            }
            if (whole != null && whole.verdict().outcome() == Reinvestigation.Outcome.DELETED) {
                checks.add(Report.CheckResult.deleted(check.type(), check.provider()));
                findings.put(type, new Findings.Deleted());
                continue;
            }
            if (whole != null) {
                RecordAgeLimit.Limited limited = RecordAgeLimit.apply(type, (Findings) whole.verdict().corrected(), limits, day);
                Findings kept = screened(type, limited.findings(), deletedOfCheck);
                findings.put(type, kept);
                checks.add(result(check, kept, limited.leftOut()));
                continue;
            }
            List<Findings.CourtRecord> records = new ArrayList<>(((Findings.CourtRecords) stated).records());
            List<Findings.CourtRecord> revised = new ArrayList<>();
            for (int index = 0; index < records.size(); index++) {
                int at = index;
                Reinvestigation.Verdict<?> verdict = ofCheck.stream().filter(change -> Integer.valueOf(at).equals(change.record())).findFirst()
                        .<Reinvestigation.Verdict<?>>map(Change::verdict).orElse(null);
                if (verdict == null || verdict.outcome() == Reinvestigation.Outcome.UPHELD) {
                    revised.add(records.get(index));
                } else if (verdict.outcome() == Reinvestigation.Outcome.CORRECTED) {
                    revised.add((Findings.CourtRecord) verdict.corrected());
                }
            }
            RecordAgeLimit.Limited limited = RecordAgeLimit.apply(type, new Findings.CourtRecords(List.copyOf(revised)), limits, day);
            Findings kept = screened(type, limited.findings(), deletedOfCheck);
            findings.put(type, kept);
            checks.add(result(check, kept, limited.leftOut()));
        }
        return new RevisedChecks(checks, findings);
    }

    /** The findings without what was deleted for the consumer, no certification reinserting any of it. */
    private static Findings screened(CheckType check, Findings findings, Set<String> deleted) {
        return DeletedRecords.screen(check, findings, deleted, List.of()).findings();
    }

    /**
     * The check stating these findings: deleted ones as a check whose findings a dispute deleted;
     * others with the records left out of the check before and those {@code leftOut} now.
     */
    private static Report.CheckResult result(Report.CheckResult check, Findings findings, List<Report.LeftOut> leftOut) {
        return findings instanceof Findings.Deleted ? Report.CheckResult.deleted(check.type(), check.provider())
                : new Report.CheckResult(check.type(), check.provider(), findings.consider(), FindingsJson.write(findings))
                .withLeftOut(RecordAgeLimit.together(check.leftOut(), leftOut));
    }
}
