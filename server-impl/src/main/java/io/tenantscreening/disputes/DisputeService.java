package io.tenantscreening.disputes;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportService;
import io.tenantscreening.screening.Answer;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.Reinvestigations;
import io.tenantscreening.screening.ScreeningProvider;
import io.tenantscreening.screening.ScreeningSubject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Disputes of court records and whole checks in a report (FCRA section 611). {@link #open} is the one entry
 * point: the applicant's copy of their report calls it, and so does the test helper that
 * disputes a test order's report as its applicant would. Opening, in one transaction under
 * the report's lock: the dispute, the report disputed (report.disputed), the dispute's
 * dispute.created, and the reinvestigation scheduled as background work. The work asks each disputed check's
 * provider (outside any transaction) until every one has answered; resolving, in one
 * transaction under the report's and then the dispute's lock, and only while the dispute is
 * open: the report revised (records corrected or removed, results and recommendation decided
 * again, a new version when it changed; report.updated), the outcomes recorded
 * (dispute.resolved) and the applicant's outcome email scheduled. What is not verified when the period ends is deleted,
 * by the work or by the sweep of overdue disputes, whichever comes first.
 */
@Singleton
public class DisputeService {

    public static final TaskDescriptor<DisputeRef> REINVESTIGATION = TaskDescriptor.of("reinvestigate-dispute", DisputeRef.class);
    public static final TaskDescriptor<DisputeRef> OUTCOME_EMAIL = TaskDescriptor.of("email-dispute-outcome", DisputeRef.class);

    private final DisputeRepository disputes;
    private final ReportService reports;
    private final OrderService orders;
    private final Reinvestigations reinvestigations;
    private final SchedulerClient work;
    private final TransactionOperations<Connection> transactions;
    private final DisputeSettings settings;
    private final EventService events;
    private final DisputeMapper mapper;
    private final Clock clock;

    public DisputeService(DisputeRepository disputes, ReportService reports, OrderService orders, Reinvestigations reinvestigations,
                          SchedulerClient work, TransactionOperations<Connection> transactions, DisputeSettings settings,
                          EventService events, DisputeMapper mapper, Clock clock) {
        this.disputes = disputes;
        this.reports = reports;
        this.orders = orders;
        this.reinvestigations = reinvestigations;
        this.work = work;
        this.transactions = transactions;
        this.settings = settings;
        this.events = events;
        this.mapper = mapper;
        this.clock = clock;
    }

    /**
     * A record the applicant disputes: the check's type as the API names it, and the record's
     * position from 0 in its records; or with {@code record} null, the whole check.
     */
    public record DisputedRecord(String check, Integer record) {

        /** The check as a whole. */
        public static DisputedRecord wholeCheck(String check) {
            return new DisputedRecord(check, null);
        }
    }

    /**
     * Opens the applicant's dispute of records or whole checks of their order's report, as it
     * stands now. 404 when the order does not exist in the tenant or has no report yet. 422,
     * with pointers under {@code /dispute}: no item, more than 100, a record or check named
     * twice, a check named both whole and by a record, a check not in the report or whose
     * findings were deleted, a position of a check without court records or outside its
     * records (each item's {@code check} or {@code record}, or the item); a reason that is blank, longer than 2000 characters,
     * or holds control or bidirectional formatting characters (line breaks become spaces,
     * as a text area sends them); a report that is disputed already ({@code /dispute}).
     */
    public Dispute open(Tenant tenant, String orderId, List<DisputedRecord> records, String reason) {
        return open(tenant, orderId, records, reason, Intake.online());
    }

    /**
     * Opens a dispute as {@link #open(Tenant, String, List, String)} does, received through
     * {@code intake}: its {@code created_at} is when the agency received it, from which its
     * period runs; a dispute by mail or telephone that the agency's staff record is also
     * refused (422 on {@code /dispute/received_at}) when {@link Intake#receivedAt} says so.
     */
    public Dispute open(Tenant tenant, String orderId, List<DisputedRecord> records, String reason, Intake intake) {
        String stated = DisputeRequest.reason(reason);
        return transactions.executeWrite(status -> {
            Report found = reports.forOrder(tenant, orderId);
            Report report = reports.lock(tenant, found.id());
            List<Dispute.Item> items = DisputeRequest.items(report, records);
            if (report.status() == Report.Status.DISPUTED) {
                throw alreadyDisputed(report);
            }
            Instant now = Timestamps.now(clock);
            Instant received = intake.receivedAt(now, report.completedAt(), settings.reinvestigationPeriod());
            Dispute dispute = new Dispute(PublicIds.newId("dsp", tenant.mode()), tenant.mode(), report.orderId(), report.id(),
                    report.version(), Dispute.Status.OPEN, items, stated, received, received.plus(settings.reinvestigationPeriod()),
                    null, null, null);
            if (!disputes.insert(tenant, dispute)) {
                throw alreadyDisputed(report);
            }
            disputes.receivedVia(tenant, dispute.id(), intake.channel());
            reports.disputed(tenant, report, now);
            events.record(tenant, EventType.DISPUTE_CREATED, dispute.id(), mapper.json(dispute), null, now);
            work.scheduleIfNotExists(REINVESTIGATION.instance(dispute.id()).data(DisputeRef.of(tenant, dispute.id()))
                    .scheduledTo(now));
            return dispute;
        });
    }

    @Connectable
    public Dispute get(Tenant tenant, String id) {
        return disputes.findById(tenant, id).orElseThrow(() -> notFound(id));
    }

    /** A page of the disputes of an order of the tenant; 404 when there is no such order. */
    @Connectable
    public Page<Dispute> list(Tenant tenant, String orderId, PageRequest request) {
        return disputes.page(tenant, request, orders.get(tenant, orderId, Set.of()).order().id());
    }

    /** Test helper: resolves an open test dispute now, every record and check with this outcome. 422 on the path parameter unless open. */
    public Dispute resolveNow(Tenant tenant, String id, Reinvestigation.Outcome outcome) {
        requireOpen(read(tenant, id));
        Optional<Dispute> resolved = resolve(tenant, id, Dispute.ResolvedBy.TEST_HELPER,
                open -> open.items().stream().<Reinvestigation.Verdict<?>>map(item -> item.wholeCheck()
                        ? Reinvestigation.Verdict.ofCheck(outcome, item.check(),
                                Reinvestigations.disputedFindings(item.check(), item.disputed()))
                        : Reinvestigation.Verdict.of(outcome, item.check(), Reinvestigations.record(item.disputed()))).toList());
        return resolved.orElseGet(() -> {
            requireOpen(read(tenant, id));
            throw new IllegalStateException("dispute " + id + " is open but was not resolved");
        });
    }

    private Dispute read(Tenant tenant, String id) {
        return transactions.executeRead(status -> disputes.findById(tenant, id)).orElseThrow(() -> notFound(id));
    }

    /** Where a reinvestigation stands after a step. */
    sealed interface Progress permits Done, AskAgain {
    }

    /** Resolved now, or found resolved already. */
    record Done() implements Progress {
    }

    /** Some providers answer later: step again at this time (never after the deadline). */
    record AskAgain(Instant at) implements Progress {

        /** Asking again when the providers ask to be asked again, but never after the deadline. */
        static AskAgain notAfter(Instant wanted, Instant deadline) {
            return new AskAgain(wanted.isBefore(deadline) ? wanted : deadline);
        }
    }

    /**
     * One step of the reinvestigation of a dispute, as its background work: past the deadline
     * it deletes what is disputed; otherwise it asks each disputed check's provider, and when
     * all have answered it resolves the dispute with their verdicts. Throws when a provider fails.
     */
    Progress step(Tenant tenant, String id) {
        Dispute dispute = transactions.executeRead(status -> disputes.findById(tenant, id)).orElseThrow();
        if (dispute.status() != Dispute.Status.OPEN) {
            return new Done();
        }
        if (dispute.overdueAt(Timestamps.now(clock))) {
            resolveOverdue(tenant, id);
            return new Done();
        }
        Map<CheckType, List<Dispute.Item>> byCheck = new EnumMap<>(CheckType.class);
        dispute.items().forEach(item -> byCheck.computeIfAbsent(item.check(), check -> new ArrayList<>()).add(item));
        Report report = transactions.executeRead(status -> reports.get(tenant, dispute.reportId()));
        ScreeningSubject subject = transactions.executeRead(status -> reinvestigations.subject(tenant, dispute.orderId()));
        ScreeningProvider.Asked asked = new ScreeningProvider.Asked(dispute.createdAt(), null);
        Map<Dispute.Item, Reinvestigation.Verdict<?>> verdicts = new LinkedHashMap<>();
        Instant askAgain = null;
        for (Map.Entry<CheckType, List<Dispute.Item>> check : byCheck.entrySet()) {
            String provider = providerOf(report, check.getKey());
            Dispute.Item first = check.getValue().get(0);
            Answer<? extends List<? extends Reinvestigation.Verdict<?>>> answer = first.wholeCheck()
                    ? asList(reinvestigations.askCheck(check.getKey(), provider, subject,
                            Reinvestigations.disputedFindings(check.getKey(), first.disputed()), dispute.reason(), asked))
                    : reinvestigations.ask(check.getKey(), provider, subject, check.getValue().stream()
                            .map(item -> Reinvestigations.record(item.disputed())).toList(), dispute.reason(), asked);
            if (answer instanceof Answer.Done<? extends List<? extends Reinvestigation.Verdict<?>>> done) {
                for (int i = 0; i < check.getValue().size(); i++) {
                    verdicts.put(check.getValue().get(i), done.findings().get(i));
                }
            } else if (answer instanceof Answer.Later<?> later) {
                askAgain = askAgain == null || later.askAgainAt().isBefore(askAgain) ? later.askAgainAt() : askAgain;
            }
        }
        if (askAgain != null) {
            return AskAgain.notAfter(askAgain, dispute.deadline());
        }
        resolve(tenant, id, Dispute.ResolvedBy.REINVESTIGATION, open -> open.items().stream().map(verdicts::get).toList());
        return new Done();
    }

    /** A provider's answer on a whole check as the one verdict of its check's items. */
    private static Answer<List<Reinvestigation.Verdict<Findings>>> asList(Answer<Reinvestigation.Verdict<Findings>> answer) {
        if (answer instanceof Answer.Done<Reinvestigation.Verdict<Findings>> done) {
            return new Answer.Done<>(List.of(done.findings()));
        }
        Answer.Later<Reinvestigation.Verdict<Findings>> later = (Answer.Later<Reinvestigation.Verdict<Findings>>) answer;
        return new Answer.Later<>(later.askAgainAt(), later.reference());
    }

    /** Deletes every disputed record and check of an open dispute whose period has ended (FCRA section 611(a)(5)); nothing otherwise. */
    void resolveOverdue(Tenant tenant, String id) {
        resolve(tenant, id, Dispute.ResolvedBy.DEADLINE, open -> open.items().stream()
                .<Reinvestigation.Verdict<?>>map(item -> new Reinvestigation.Verdict<>(Reinvestigation.Outcome.DELETED, null)).toList());
    }

    /** Open disputes of every tenant whose period ended by now, at most {@code limit}. */
    List<DisputeRef> overdue(int limit) {
        return transactions.executeRead(status -> disputes.overdue(Timestamps.now(clock), limit));
    }

    /**
     * Resolves the dispute with a verdict on each of its items, in their order, in one
     * transaction under the report's and the dispute's locks; empty, and nothing done, when it
     * is no longer open (another resolution came first).
     */
    private Optional<Dispute> resolve(Tenant tenant, String id, Dispute.ResolvedBy by,
                                      Function<Dispute, List<Reinvestigation.Verdict<?>>> verdictsOf) {
        return transactions.executeWrite(status -> {
            String reportId = disputes.findById(tenant, id).orElseThrow(() -> notFound(id)).reportId();
            Report report = reports.lock(tenant, reportId);
            Dispute dispute = disputes.lock(tenant, id).orElseThrow();
            if (dispute.status() != Dispute.Status.OPEN) {
                return Optional.<Dispute>empty();
            }
            List<Reinvestigation.Verdict<?>> verdicts = verdictsOf.apply(dispute);
            List<Reinvestigations.Change> changes = new ArrayList<>();
            List<Dispute.Item> items = new ArrayList<>();
            for (int i = 0; i < dispute.items().size(); i++) {
                Dispute.Item item = dispute.items().get(i);
                changes.add(new Reinvestigations.Change(item.check(), item.record(), verdicts.get(i)));
                items.add(new Dispute.Item(item.check(), item.record(), item.disputed(), verdicts.get(i).outcome()));
            }
            Instant now = Timestamps.now(clock);
            Reinvestigations.Revision revision = reinvestigations.revise(tenant, report, changes, now);
            Report revised = reports.revise(tenant, report, revision.checks(), revision.recommendation(), now);
            disputes.resolve(tenant, id, items, now, by, revised.version());
            disputes.procedure(tenant, id, DisputeProcedure.of(report, dispute, verdicts));
            Dispute resolved = disputes.findById(tenant, id).orElseThrow();
            events.record(tenant, EventType.DISPUTE_RESOLVED, id, mapper.json(resolved), Dispute.Status.OPEN.value(), now);
            work.scheduleIfNotExists(OUTCOME_EMAIL.instance(id).data(DisputeRef.of(tenant, id)).scheduledTo(now));
            return Optional.of(resolved);
        });
    }

    private static String providerOf(Report report, CheckType check) {
        return report.checks().stream().filter(result -> result.type().equals(check.value())).findFirst().orElseThrow().provider();
    }

    private static void requireOpen(Dispute dispute) {
        if (dispute.status() != Dispute.Status.OPEN) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Dispute '" + dispute.id() + "' is "
                    + dispute.status().value() + "; only an open dispute can be resolved.");
        }
    }

    private static ApiException alreadyDisputed(Report report) {
        return ApiException.invalid(ErrorSource.pointer("/dispute"), "Report '" + report.id() + "' is disputed already; "
                + "its open dispute is reinvestigated first, and records may be disputed again once it is resolved.");
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No dispute with id '" + Echo.of(id) + "'.");
    }
}
