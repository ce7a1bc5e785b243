package io.tenantscreening.screening;

import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportService;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Screens a criminal check that a conditional offer released after its order completed
 * (two-step screening): asks its provider outside any transaction, as {@link ScreeningService}
 * does, then, under the order's lock, stores the answer and gives the report a new version
 * with the check as it came back (the limits by age and kind of the order's rules and what was
 * deleted for the consumer applied,
 * the consumer's statements noted) and the recommendation made again with it; the other
 * checks stay as the report states them. {@code report.updated} tells it, with the previous
 * values. Nothing is asked of an order that is not completed, or whose check is not released.
 */
@Singleton
public class ReleasedChecks {

    private final ScreeningRepository checks;
    private final ScreeningProviders providers;
    private final OrderService orders;
    private final OrderLifecycle lifecycle;
    private final ApplicantService applicants;
    private final ReportService reports;
    private final Recommendations recommendations;
    private final TransactionOperations<Connection> transactions;
    private final ExecutorService calls;
    private final Duration timeout;
    private final Clock clock;
    private final ReportDay day;
    private final DeletedRecords deleted;
    private final Reinsertions reinsertions;
    private final ConsumerStatements statements;

    public ReleasedChecks(ScreeningRepository checks, ScreeningProviders providers, OrderService orders, OrderLifecycle lifecycle,
                          ApplicantService applicants, ReportService reports, Recommendations recommendations,
                          TransactionOperations<Connection> transactions, @Named(ScreeningService.CALLS) ExecutorService calls,
                          @Value("${screening.providers.timeout}") Duration timeout, Clock clock, ReportDay day,
                          DeletedRecords deleted, Reinsertions reinsertions, ConsumerStatements statements) {
        this.checks = checks;
        this.providers = providers;
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.applicants = applicants;
        this.reports = reports;
        this.recommendations = recommendations;
        this.transactions = transactions;
        this.calls = calls;
        this.timeout = timeout;
        this.clock = clock;
        this.day = day;
        this.deleted = deleted;
        this.reinsertions = reinsertions;
        this.statements = statements;
    }

    /** The released check as it is asked, and whom of. */
    private record Asking(ScreeningRepository.Check check, ScreeningSubject subject) {
    }

    /** One step: {@code Completed} when the report has the check, {@code Stopped} when there is nothing to ask. */
    public ScreeningService.Progress step(Tenant tenant, String orderId) {
        Optional<Asking> asking = transactions.executeRead(status -> asking(tenant, orderId));
        if (asking.isEmpty()) {
            return new ScreeningService.Stopped();
        }
        ScreeningRepository.Check check = asking.get().check();
        Future<Answer<? extends Findings>> call = calls.submit(() -> providers.ask(CheckType.CRIMINAL, check.provider(),
                asking.get().subject(), new ScreeningProvider.Asked(check.requestedAt(), check.reference())));
        Answer<? extends Findings> answer = ScreeningService.await(CheckType.CRIMINAL, call, System.nanoTime() + timeout.toNanos(),
                List.of(call));
        return transactions.executeWrite(status -> settle(tenant, orderId, check, answer));
    }

    private Optional<Asking> asking(Tenant tenant, String orderId) {
        Order order = orders.get(tenant, orderId, Set.of()).order();
        if (order.status() != OrderStatus.COMPLETED) {
            return Optional.empty();
        }
        return checks.of(tenant, orderId, CheckType.CRIMINAL).filter(check -> check.status() == ScreeningRepository.Status.REQUESTED)
                .map(check -> {
                    Applicant applicant = applicants.require(tenant, order.applicantId());
                    return new Asking(check, new ScreeningSubject(applicant.id(), applicant.firstName(), applicant.lastName(),
                            applicant.dob(), applicant.ssnLastFour()));
                });
    }

    private ScreeningService.Progress settle(Tenant tenant, String orderId, ScreeningRepository.Check asked,
                                             Answer<? extends Findings> answer) {
        Order locked = lifecycle.lockAny(tenant, orderId);
        if (locked == null || locked.status() != OrderStatus.COMPLETED || checks.of(tenant, orderId, CheckType.CRIMINAL)
                .filter(check -> check.status() == ScreeningRepository.Status.REQUESTED).isEmpty()) {
            return new ScreeningService.Stopped();
        }
        Instant now = Timestamps.now(clock);
        if (answer instanceof Answer.Later<? extends Findings> later) {
            checks.store(tenant, orderId, List.of(new ScreeningRepository.CheckState(CheckType.CRIMINAL, asked.provider(),
                    asked.requestedAt(), later.reference(), null, List.of(), later.askAgainAt(), List.of())), now);
            return new ScreeningService.AskAgain(later.askAgainAt());
        }
        Answer.Done<? extends Findings> done = (Answer.Done<? extends Findings>) answer;
        RecordAgeLimit.Limited limited = ScreeningService.withinLimits(orderId, CheckType.CRIMINAL, done.findings(),
                locked.screeningRules().recordLimits(), day.of(now));
        checks.store(tenant, orderId, List.of(new ScreeningRepository.CheckState(CheckType.CRIMINAL, asked.provider(),
                asked.requestedAt(), asked.reference(), limited.findings(), done.certified(), null, limited.leftOut())), now);
        List<ApplicantRepository.SameConsumer> consumer = applicants.sameConsumer(tenant, locked.applicantId());
        DeletedRecords.Screened screened = DeletedRecords.screen(CheckType.CRIMINAL, limited.findings(),
                deleted.of(tenant, consumer, CheckType.CRIMINAL), done.certified());
        Report report = reports.lock(tenant, reports.forOrder(tenant, orderId).id());
        List<Report.CheckResult> revised = new ArrayList<>();
        Map<CheckType, Findings> findings = new EnumMap<>(CheckType.class);
        for (Report.CheckResult check : report.checks()) {
            CheckType type = CheckType.of(check.type());
            if (type == CheckType.CRIMINAL) {
                Findings found = screened.findings();
                findings.put(type, found);
                revised.add(found instanceof Findings.Deleted ? Report.CheckResult.deleted(check.type(), asked.provider())
                        : new Report.CheckResult(check.type(), asked.provider(), found.consider(), FindingsJson.write(found))
                        .withLeftOut(limited.leftOut()));
            } else {
                findings.put(type, Reinvestigations.findings(check));
                revised.add(check);
            }
        }
        reports.revise(tenant, report, ConsumerStatements.noted(revised, statements.of(tenant, consumer)),
                recommendations.of(tenant, locked, findings, now), report.status() == Report.Status.DISPUTED, now);
        reinsertions.record(tenant, orderId, screened.reinserted(), now);
        return new ScreeningService.Completed();
    }
}
