package io.tenantscreening.screening;

import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.opentelemetry.context.Context;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportService;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Screens pending orders. One step asks the providers about the order's open checks (all
 * at once, each bounded by {@code screening.providers.timeout}) and stores their findings;
 * when every check is done it makes the report and completes the order, in one
 * transaction under the order's lock. Providers are asked outside any transaction (a real
 * one answers over the network). A step on an order that is no longer pending (canceled
 * meanwhile) asks nothing and stores nothing, so a canceled order gets no report.
 *
 * <p>Two-step screening: a criminal check the order's screening rules hold until the
 * landlord's conditional offer is stored held, one they do not allow not run; neither is
 * asked of a provider, and the order completes without them, its report stating why
 * ({@link Report.Restriction}) and its recommendation made without them. A conditional offer
 * ({@link ConditionalOfferService}) releases a held check: before the order completes its
 * screening asks it with the others; after, {@link ReleasedCheckWork} does, and the report
 * gets a new version.
 *
 * <p>Whatever the provider, its findings pass the limits of records by age and kind
 * ({@link RecordAgeLimit}: the civil limit, and the record limits of the screening rules the
 * order was placed under) before they are stored and their result decided, counted from the
 * day of the step; the report passes its checks through the limits again, counted from its
 * own day, since checks answered on earlier days may have aged past them since. The report's
 * checks say how many records each rule left out, at either time. The
 * report also leaves out information deleted from an earlier report on the same consumer
 * after a reinvestigation ({@link DeletedRecords}, FCRA section 611(a)(5)(C)), unless its
 * furnisher certified it with the provider's answer: it is then reinserted and the consumer
 * told ({@link Reinsertions}, 611(a)(5)(B)). It notes the consumer's statements of dispute
 * about what it contains ({@link ConsumerStatements}, 611(c)).
 */
@Singleton
public class ScreeningService {

    /**
     * The executor providers are asked on (application.yml: threads made as needed): not the
     * request threads, which are as many as the requests worked on at once, since a provider
     * call waits (the sandbox's delay, a real one's network) and would hold up requests.
     */
    static final String CALLS = "provider-calls";

    private static final Logger LOG = LoggerFactory.getLogger(ScreeningService.class);

    private final ScreeningRepository checks;
    private final ScreeningProviders providers;
    private final OrderService orders;
    private final OrderLifecycle lifecycle;
    private final ApplicantService applicants;
    private final ReportService reports;
    private final ApplicantCopies copies;
    private final Recommendations recommendations;
    private final TransactionOperations<Connection> transactions;
    private final ExecutorService calls;
    private final Duration timeout;
    private final Clock clock;
    private final ReportDay day;
    private final DeletedRecords deleted;
    private final Reinsertions reinsertions;
    private final ConsumerStatements statements;
    private final Traces traces;

    public ScreeningService(ScreeningRepository checks, ScreeningProviders providers, OrderService orders,
                            OrderLifecycle lifecycle, ApplicantService applicants, ReportService reports,
                            ApplicantCopies copies, Recommendations recommendations, TransactionOperations<Connection> transactions,
                            @Named(ScreeningService.CALLS) ExecutorService calls,
                            @Value("${screening.providers.timeout}") Duration timeout, Clock clock, ReportDay day,
                            DeletedRecords deleted, Reinsertions reinsertions, ConsumerStatements statements, Traces traces) {
        this.traces = traces;
        this.deleted = deleted;
        this.reinsertions = reinsertions;
        this.statements = statements;
        this.checks = checks;
        this.providers = providers;
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.applicants = applicants;
        this.reports = reports;
        this.copies = copies;
        this.recommendations = recommendations;
        this.transactions = transactions;
        this.calls = calls;
        this.timeout = timeout;
        this.clock = clock;
        this.day = day;
    }

    /** Where a screening stands after a step. */
    public sealed interface Progress permits Completed, Stopped, AskAgain {
    }

    /** This step made the report and completed the order. */
    public record Completed() implements Progress {
    }

    /** Nothing to do: the order is no longer pending (completed by another step, or canceled). */
    public record Stopped() implements Progress {
    }

    /** Some providers answer later: step again at this time. */
    public record AskAgain(Instant at) implements Progress {
    }

    /**
     * What a step needs of an order: its open checks, what providers are told, and the checks
     * it withholds from providers (a criminal check the order's rules hold or bar), to store
     * as such.
     */
    private record Open(List<ScreeningRepository.CheckState> checks, ScreeningSubject subject, List<Withholding> withheld) {
    }

    /** A check asked of no provider: held (with the provider it will be asked of) or not run. */
    private record Withholding(CheckType type, ScreeningRepository.Status status, String provider) {
    }

    /**
     * One step of the screening of an order, by the background work or by a test helper
     * (the actor its completion is recorded under); throws when a provider fails or does
     * not answer in time.
     */
    public Progress step(Tenant tenant, String orderId, OrderLifecycle.Actor actor) {
        Optional<Open> open = transactions.executeRead(status -> open(tenant, orderId));
        if (open.isEmpty()) {
            return new Stopped();
        }
        Map<CheckType, Future<Answer<? extends Findings>>> asking = new EnumMap<>(CheckType.class);
        for (ScreeningRepository.CheckState check : open.get().checks()) {
            ScreeningProvider.Asked asked = new ScreeningProvider.Asked(check.requestedAt(), check.reference());
            // The provider is asked on another thread, in this trace: its span is a child of the task's.
            asking.put(check.type(), calls.submit(Context.current().wrap(() -> {
                try (Traces.Outbound call = traces.outbound("screening " + check.type().value(), "screening.provider", check.provider())) {
                    try {
                        return providers.ask(check.type(), check.provider(), open.get().subject(), asked);
                    } catch (Exception e) {
                        throw call.failed(e);
                    }
                }
            })));
        }
        Map<CheckType, Answer<? extends Findings>> answers = new EnumMap<>(CheckType.class);
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Map.Entry<CheckType, Future<Answer<? extends Findings>>> call : asking.entrySet()) {
            answers.put(call.getKey(), await(call.getKey(), call.getValue(), deadline, asking.values()));
        }
        return transactions.executeWrite(status -> settle(tenant, orderId, open.get(), answers, actor));
    }

    /**
     * Test helper: completes a pending test order now, with its canned report. 422 on the
     * path parameter unless the order is pending, also when it was canceled or completed
     * on its own meanwhile.
     */
    public OrderView completeNow(Tenant tenant, String orderId, Set<Include> includes) {
        requirePending(orders.get(tenant, orderId, Set.of()).order());
        Progress progress = step(tenant, orderId, OrderLifecycle.Actor.TEST_HELPER);
        if (progress instanceof AskAgain) {
            throw new IllegalStateException("the canned provider did not answer order " + orderId + " at once");
        }
        OrderView done = orders.get(tenant, orderId, includes);
        if (progress instanceof Stopped) {
            requirePending(done.order());
        }
        return done;
    }

    private static void requirePending(Order order) {
        if (order.status() != OrderStatus.PENDING) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Order '" + order.id() + "' is " + order.status().value()
                    + "; only a pending order can be completed" + (order.status() == OrderStatus.WAITING_FOR_APPLICANT
                    ? " (submit it first with POST /test_helpers/orders/{id}/submit)." : "."));
        }
    }

    static Answer<? extends Findings> await(CheckType check, Future<Answer<? extends Findings>> call,
                                                    long deadline, Iterable<Future<Answer<? extends Findings>>> all) {
        try {
            return call.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            all.forEach(other -> other.cancel(true));
            throw new ProviderFailure("the " + check.value() + " provider did not answer in time", e);
        } catch (ExecutionException e) {
            all.forEach(other -> other.cancel(true));
            throw new ProviderFailure("the " + check.value() + " provider failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            all.forEach(other -> other.cancel(true));
            throw new ProviderFailure("interrupted while asking the " + check.value() + " provider", e);
        }
    }

    /**
     * The checks of a pending order that are not done yet, as they will be stored: a check
     * asked before keeps its provider, first request time and reference; one never asked
     * goes to the provider configured now, save a criminal check that the order's screening
     * rules hold until a conditional offer (held) or bar (not run): it is asked of no provider,
     * nor is one stored held or not run. Empty when the order is not pending.
     */
    private Optional<Open> open(Tenant tenant, String orderId) {
        Order order = orders.get(tenant, orderId, Set.of()).order();
        if (order.status() != OrderStatus.PENDING) {
            return Optional.empty();
        }
        Map<CheckType, ScreeningRepository.Check> stored = new EnumMap<>(CheckType.class);
        checks.ofOrder(tenant, orderId).forEach(check -> stored.put(check.type(), check));
        Instant now = Timestamps.now(clock);
        List<ScreeningRepository.CheckState> open = new ArrayList<>();
        List<Withholding> withheld = new ArrayList<>();
        for (CheckType type : CheckType.forOrder(order.packageSlug(), order.addOnProducts())) {
            ScreeningRepository.Check check = stored.get(type);
            if (check == null) {
                Withholding withholding = withholding(tenant, order, type);
                if (withholding != null) {
                    withheld.add(withholding);
                } else {
                    open.add(new ScreeningRepository.CheckState(type, providers.providerOf(tenant.mode(), type), now, null));
                }
            } else if (check.status() == ScreeningRepository.Status.REQUESTED) {
                open.add(new ScreeningRepository.CheckState(type, check.provider(), check.requestedAt(), check.reference()));
            }
        }
        Applicant applicant = applicants.require(tenant, order.applicantId());
        return Optional.of(new Open(open, new ScreeningSubject(applicant.id(), applicant.firstName(), applicant.lastName(),
                applicant.dob(), applicant.ssnLastFour()), withheld));
    }

    /**
     * A criminal check the order's screening rules hold until the landlord's conditional offer
     * (N.Y.C. Admin. Code § 8-107(5)(o)(4), as the rules cite) or do not allow at all; null for
     * every other check, which is asked of its provider.
     */
    private Withholding withholding(Tenant tenant, Order order, CheckType type) {
        if (type != CheckType.CRIMINAL) {
            return null;
        }
        return switch (order.screeningRules().criminalScreening()) {
            case STANDARD -> null;
            case TWO_STEP -> new Withholding(type, ScreeningRepository.Status.HELD, providers.providerOf(tenant.mode(), type));
            case NOT_ALLOWED -> new Withholding(type, ScreeningRepository.Status.NOT_RUN, Report.CheckResult.NO_PROVIDER);
        };
    }

    /**
     * Why a check stored held or not run was not run, with the sections of the order's rules
     * that say so; in our own words.
     */
    static Report.Restriction restriction(Order order, ScreeningRepository.Status status) {
        List<Citation> citations = order.screeningRules().criminalScreeningBasis();
        return status == ScreeningRepository.Status.HELD
                ? new Report.Restriction(Report.Restriction.Reason.AWAITING_CONDITIONAL_OFFER, "The criminal check is held: "
                + "the law of the property's place allows it only after the landlord's conditional offer. It runs once the "
                + "offer is recorded.", citations)
                : new Report.Restriction(Report.Restriction.Reason.NOT_ALLOWED_HERE, "The criminal check was not run: the law "
                + "of the property's place does not let a landlord screen applicants by their criminal history, so none "
                + "was asked for.", citations);
    }

    /**
     * Under the order's lock: stores the answers in one statement; when every check is done,
     * makes the report from the checks as stored, with its recommendation, completes the order
     * and offers the applicant their copy (a link by email, {@link ApplicantCopies}).
     */
    private Progress settle(Tenant tenant, String orderId, Open open, Map<CheckType, Answer<? extends Findings>> answers,
                            OrderLifecycle.Actor actor) {
        Order locked = lifecycle.lockPending(tenant, orderId);
        if (locked == null) {
            return new Stopped();
        }
        List<ScreeningRepository.CheckState> asked = open.checks();
        Instant now = Timestamps.now(clock);
        open.withheld().forEach(withheld -> checks.withhold(tenant, orderId, withheld.type(), withheld.status(),
                withheld.provider(), now));
        LocalDate today = day.of(now);
        List<RecordLimit> limits = locked.screeningRules().recordLimits();
        Instant askAgain = null;
        List<ScreeningRepository.CheckState> learnt = new ArrayList<>();
        for (ScreeningRepository.CheckState check : asked) {
            Answer<? extends Findings> answer = answers.get(check.type());
            if (answer instanceof Answer.Done<? extends Findings> done) {
                RecordAgeLimit.Limited limited = withinLimits(orderId, check.type(), done.findings(), limits, today);
                learnt.add(new ScreeningRepository.CheckState(check.type(), check.provider(), check.requestedAt(),
                        check.reference(), limited.findings(), done.certified(), null, limited.leftOut()));
            } else if (answer instanceof Answer.Later<? extends Findings> later) {
                learnt.add(new ScreeningRepository.CheckState(check.type(), check.provider(), check.requestedAt(),
                        later.reference(), null, List.of(), later.askAgainAt(), List.of()));
                askAgain = askAgain == null || later.askAgainAt().isBefore(askAgain) ? later.askAgainAt() : askAgain;
            }
        }
        if (!learnt.isEmpty()) {
            checks.store(tenant, orderId, learnt, now);
        }
        if (askAgain != null) {
            return new AskAgain(askAgain);
        }
        List<Report.CheckResult> results = new ArrayList<>();
        Map<CheckType, Findings> reported = new EnumMap<>(CheckType.class);
        List<ApplicantRepository.SameConsumer> consumer = applicants.sameConsumer(tenant, locked.applicantId());
        List<DeletedRecords.Reinserted> reinserted = new ArrayList<>();
        List<ScreeningRepository.Check> stored = checks.ofOrder(tenant, orderId);
        if (stored.stream().anyMatch(check -> check.status() == ScreeningRepository.Status.REQUESTED)) {
            return new AskAgain(now);
        }
        for (ScreeningRepository.Check check : stored) {
            if (check.status().withheld()) {
                reported.put(check.type(), new Findings.Withheld(check.status() == ScreeningRepository.Status.HELD));
                results.add(Report.CheckResult.notRun(check.type().value(), restriction(locked, check.status())));
                continue;
            }
            RecordAgeLimit.Limited limited = withinLimits(orderId, check.type(), check.findings(), limits, today);
            DeletedRecords.Screened screened = DeletedRecords.screen(check.type(), limited.findings(),
                    deleted.of(tenant, consumer, check.type()), check.certified());
            Findings findings = screened.findings();
            reported.put(check.type(), findings);
            results.add(findings instanceof Findings.Deleted ? Report.CheckResult.deleted(check.type().value(), check.provider())
                    : new Report.CheckResult(check.type().value(), check.provider(), findings.consider(), FindingsJson.write(findings))
                    .withLeftOut(RecordAgeLimit.together(check.leftOut(), limited.leftOut())));
            reinserted.addAll(screened.reinserted());
        }
        reports.create(tenant, orderId, ConsumerStatements.noted(results, statements.of(tenant, consumer)),
                recommendations.of(tenant, locked, reported, now), now);
        lifecycle.complete(tenant, locked, now, actor);
        reinsertions.record(tenant, orderId, reinserted, now);
        copies.offer(tenant, locked, applicants.require(tenant, locked.applicantId()), now);
        return new Completed();
    }

    /**
     * The findings without the records the limits by age and kind keep out ({@code limits}, the
     * order's record limits); logs how many it left out, and nothing of them.
     */
    static RecordAgeLimit.Limited withinLimits(String orderId, CheckType check, Findings findings, List<RecordLimit> limits,
                                                       LocalDate reportDay) {
        RecordAgeLimit.Limited limited = RecordAgeLimit.apply(check, findings, limits, reportDay);
        if (limited.removed() > 0) {
            LOG.info("left {} record(s) out of the {} check of order {} under the limits by age and kind", limited.removed(),
                    check.value(), orderId);
        }
        return limited;
    }

    /** A provider failed or did not answer in time; the screening step is retried with backoff. */
    static final class ProviderFailure extends RuntimeException {
        ProviderFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
