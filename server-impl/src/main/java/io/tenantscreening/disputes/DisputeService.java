package io.tenantscreening.disputes;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.core.annotation.Nullable;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Disputes of court records and whole checks in a report (FCRA section 611). {@link #open} is the one entry
 * point: the applicant's copy of their report calls it, and so does the test helper that
 * disputes a test order's report as its applicant would. A report may have any number of open
 * disputes (611(a)(1)(A): every dispute is reinvestigated); the report's row lock orders
 * everything that touches its disputes. Opening, in one transaction under the report's lock:
 * the dispute, the report disputed (report.disputed, only when it was not disputed already),
 * the dispute's dispute.created, and the reinvestigation scheduled as background work. The work asks each disputed check's
 * provider (outside any transaction) until every one has answered, except about an item an
 * earlier open dispute names too (with a deadline no later): that item is reinvestigated once,
 * by the earlier dispute, and its outcome is this one's too. Resolving, in one transaction
 * under the report's and then the dispute's lock, and only while the dispute is open: the
 * verdicts applied to the report as it stands (a record found by its court, filing date, case
 * type and description), the report revised (records corrected or removed, results and
 * recommendation decided again, a new version when it changed; report.updated), the outcomes
 * recorded with what the reinvestigation did for each item (dispute.resolved) and the
 * applicant's outcome email scheduled; then every other open dispute of the
 * report gets, for what it names, the outcome of the same item, or {@code deleted} when the
 * revised report no longer states it (the check's outcome when its check was disputed as a
 * whole and corrected); one whose every item is so decided is resolved in the same step (with
 * its own dispute.resolved and outcome email), and one that still waits is stepped again now. The report stays disputed while any dispute of
 * it is open. What is not verified when a dispute's period ends is deleted, by the work or by
 * the sweep of overdue disputes, whichever comes first. Once resolved with an item that
 * stayed, a dispute takes the applicant's statement of dispute (611(b)), which the report's
 * next version notes (611(c)).
 */
@Singleton
public class DisputeService {

    public static final TaskDescriptor<DisputeRef> REINVESTIGATION = TaskDescriptor.of("reinvestigate-dispute", DisputeRef.class);
    public static final TaskDescriptor<DisputeRef> OUTCOME_EMAIL = TaskDescriptor.of("email-dispute-outcome", DisputeRef.class);
    /** The most words of a statement of dispute (FCRA section 611(b) allows the agency to limit it to 100). */
    public static final int STATEMENT_WORDS = StatementOfDispute.MOST_WORDS;

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
     * stands now, whether or not other disputes of it are open. 404 when the order does not
     * exist in the tenant or has no report yet. 422, with pointers under {@code /dispute}: no
     * item, more than 100, a record or check named twice, a check named both whole and by a
     * record, a check not in the report or whose findings were deleted, a position of a check
     * without court records or outside its records (each item's {@code check} or
     * {@code record}, or the item); a reason that is blank, longer than 2000 characters, or
     * holds control or bidirectional formatting characters (line breaks become spaces, as a
     * text area sends them).
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
            Instant now = Timestamps.now(clock);
            Instant received = intake.receivedAt(now, report.completedAt(), settings.reinvestigationPeriod());
            Dispute dispute = new Dispute(PublicIds.newId("dsp", tenant.mode()), tenant.mode(), report.orderId(), report.id(),
                    report.version(), Dispute.Status.OPEN, items, stated, received, received.plus(settings.reinvestigationPeriod()),
                    null, null, null, null);
            disputes.insert(tenant, dispute);
            disputes.receivedVia(tenant, dispute.id(), intake.channel());
            if (report.status() != Report.Status.DISPUTED) {
                reports.disputed(tenant, report, now);
            }
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

    /**
     * Test helper: resolves an open test dispute now, every item without an outcome with this
     * one (those it shares with an earlier open dispute included, for both). 422 on the path
     * parameter unless open.
     */
    public Dispute resolveNow(Tenant tenant, String id, Reinvestigation.Outcome outcome) {
        requireOpen(read(tenant, id));
        Resolution resolution = resolve(tenant, id, Dispute.ResolvedBy.TEST_HELPER, open -> {
            Map<Integer, Reinvestigation.Verdict<?>> verdicts = new HashMap<>();
            for (int i = 0; i < open.items().size(); i++) {
                Dispute.Item item = open.items().get(i);
                verdicts.put(i, item.wholeCheck()
                        ? Reinvestigation.Verdict.ofCheck(outcome, item.check(), Reinvestigations.disputedFindings(item.check(),
                        item.disputed()))
                        : Reinvestigation.Verdict.of(outcome, item.check(), Reinvestigations.record(item.disputed())));
            }
            return verdicts;
        });
        if (resolution instanceof Resolved resolved) {
            return resolved.dispute();
        }
        requireOpen(read(tenant, id));
        throw new IllegalStateException("dispute " + id + " is open but was not resolved");
    }

    /**
     * Files the applicant's statement of dispute (FCRA section 611(b)) on a dispute of the
     * tenant (of this order, unless {@code orderId} is null), in one transaction under the
     * report's lock: the statement kept with the dispute, and the report's next version noting
     * it where the report states what it is about (611(c); report.updated), unless nothing
     * changed. 404 when there is no such dispute (of the order). 422 on {@code /statement}
     * unless it is one line of 1 to 100 words and at most 1000 characters; 422 on the path
     * parameter unless the dispute is resolved, with an item upheld or corrected, and has no
     * statement yet (of requests that race, one files its statement).
     */
    public Dispute fileStatement(Tenant tenant, String id, @Nullable String orderId, String statement) {
        String text = StatementOfDispute.text(statement);
        return transactions.executeWrite(status -> {
            Dispute found = disputes.findById(tenant, id).filter(dispute -> orderId == null || dispute.orderId().equals(orderId))
                    .orElseThrow(() -> notFound(id));
            Report report = reports.lock(tenant, found.reportId());
            Dispute dispute = disputes.lock(tenant, id).orElseThrow();
            if (!dispute.takesStatement()) {
                throw takesNoStatement(dispute);
            }
            Instant now = Timestamps.now(clock);
            disputes.fileStatement(tenant, id, text, now);
            reports.revise(tenant, report, reinvestigations.restated(tenant, report), report.recommendation(),
                    report.status() == Report.Status.DISPUTED, now);
            Dispute filed = disputes.findById(tenant, id).orElseThrow();
            events.record(tenant, EventType.DISPUTE_STATEMENT_ADDED, id, mapper.json(filed), null, now);
            return filed;
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

    /** Some providers answer later, or an earlier dispute is still reinvestigating a shared item: step again at this time (never after the deadline). */
    record AskAgain(Instant at) implements Progress {

        /** Asking again when the providers ask to be asked again, but never after the deadline. */
        static AskAgain notAfter(Instant wanted, Instant deadline) {
            return new AskAgain(wanted.isBefore(deadline) ? wanted : deadline);
        }
    }

    /**
     * One step of the reinvestigation of a dispute, as its background work: past the deadline
     * it deletes what is disputed and not decided; otherwise it asks each disputed check's
     * provider about the items without an outcome that no earlier open dispute reinvestigates,
     * and when all have answered it resolves the dispute with their verdicts, unless an earlier
     * dispute's reinvestigation of a shared item is still under way (the earlier one's
     * resolution steps this one again). Throws when a provider fails.
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
        List<Dispute> open = transactions.executeRead(status -> disputes.openOfReport(tenant, dispute.reportId()));
        Map<CheckType, List<Integer>> byCheck = new EnumMap<>(CheckType.class);
        for (int i = 0; i < dispute.items().size(); i++) {
            Dispute.Item item = dispute.items().get(i);
            if (!item.decided() && !sharedWithEarlier(dispute, item, open)) {
                byCheck.computeIfAbsent(item.check(), check -> new ArrayList<>()).add(i);
            }
        }
        Report report = transactions.executeRead(status -> reports.get(tenant, dispute.reportId()));
        ScreeningSubject subject = transactions.executeRead(status -> reinvestigations.subject(tenant, dispute.orderId()));
        ScreeningProvider.Asked asked = new ScreeningProvider.Asked(dispute.createdAt(), null);
        Map<Integer, Reinvestigation.Verdict<?>> verdicts = new HashMap<>();
        Instant askAgain = null;
        for (Map.Entry<CheckType, List<Integer>> check : byCheck.entrySet()) {
            String provider = providerOf(report, check.getKey());
            List<Dispute.Item> items = check.getValue().stream().map(dispute.items()::get).toList();
            Dispute.Item first = items.get(0);
            Answer<? extends List<? extends Reinvestigation.Verdict<?>>> answer = first.wholeCheck()
                    ? asList(reinvestigations.askCheck(check.getKey(), provider, subject,
                            Reinvestigations.disputedFindings(check.getKey(), first.disputed()), dispute.reason(), asked))
                    : reinvestigations.ask(check.getKey(), provider, subject, items.stream()
                            .map(item -> Reinvestigations.record(item.disputed())).toList(), dispute.reason(), asked);
            if (answer instanceof Answer.Done<? extends List<? extends Reinvestigation.Verdict<?>>> done) {
                for (int i = 0; i < items.size(); i++) {
                    verdicts.put(check.getValue().get(i), done.findings().get(i));
                }
            } else if (answer instanceof Answer.Later<?> later) {
                askAgain = askAgain == null || later.askAgainAt().isBefore(askAgain) ? later.askAgainAt() : askAgain;
            }
        }
        if (askAgain != null) {
            return AskAgain.notAfter(askAgain, dispute.deadline());
        }
        if (resolve(tenant, id, Dispute.ResolvedBy.REINVESTIGATION, reopened -> verdicts) instanceof Waiting) {
            return new AskAgain(dispute.deadline());
        }
        return new Done();
    }

    /**
     * Whether an earlier open dispute of the report, whose deadline is no later than this
     * one's, names the same item without an outcome yet: that dispute reinvestigates it.
     */
    private static boolean sharedWithEarlier(Dispute dispute, Dispute.Item item, List<Dispute> open) {
        return open.stream().anyMatch(other -> other.before(dispute) && !other.deadline().isAfter(dispute.deadline())
                && other.items().stream().anyMatch(theirs -> !theirs.decided() && theirs.sameAs(item)));
    }

    /** A provider's answer on a whole check as the one verdict of its check's items. */
    private static Answer<List<Reinvestigation.Verdict<Findings>>> asList(Answer<Reinvestigation.Verdict<Findings>> answer) {
        if (answer instanceof Answer.Done<Reinvestigation.Verdict<Findings>> done) {
            return new Answer.Done<>(List.of(done.findings()));
        }
        Answer.Later<Reinvestigation.Verdict<Findings>> later = (Answer.Later<Reinvestigation.Verdict<Findings>>) answer;
        return new Answer.Later<>(later.askAgainAt(), later.reference());
    }

    /**
     * Deletes every disputed record and check of an open dispute whose period has ended and
     * that has no outcome yet, shared ones included (FCRA section 611(a)(5)); nothing otherwise.
     */
    void resolveOverdue(Tenant tenant, String id) {
        resolve(tenant, id, Dispute.ResolvedBy.DEADLINE, open -> {
            Map<Integer, Reinvestigation.Verdict<?>> verdicts = new HashMap<>();
            for (int i = 0; i < open.items().size(); i++) {
                verdicts.put(i, new Reinvestigation.Verdict<>(Reinvestigation.Outcome.DELETED, null));
            }
            return verdicts;
        });
    }

    /** Open disputes of every tenant whose period ended by now, at most {@code limit}, oldest deadline first. */
    List<DisputeRef> overdue(int limit) {
        return transactions.executeRead(status -> disputes.overdue(Timestamps.now(clock), limit));
    }

    /** How a resolution ended. */
    private sealed interface Resolution permits Resolved, Waiting, NotOpen {
    }

    /** The dispute was resolved. */
    private record Resolved(Dispute dispute) implements Resolution {
    }

    /** An item has no outcome and no verdict: an earlier dispute still reinvestigates it. */
    private record Waiting() implements Resolution {
    }

    /** The dispute is no longer open (another resolution came first). */
    private record NotOpen() implements Resolution {
    }

    /**
     * Resolves the dispute with the verdicts on its items without an outcome (by their
     * position among its items), in one transaction under the report's and the dispute's locks,
     * applying them to the report as it stands; then decides for every other open dispute of
     * the report what this resolution decided or removed, resolving those it decided fully.
     * Each dispute keeps what its reinvestigation did for each item ({@link DisputeProcedure}):
     * the provider of the item's check and the furnisher the verdict that decided it named.
     * Nothing is done when the dispute is no longer open, or an item without an outcome has no
     * verdict.
     */
    private Resolution resolve(Tenant tenant, String id, Dispute.ResolvedBy by,
                               Function<Dispute, Map<Integer, Reinvestigation.Verdict<?>>> verdictsOf) {
        return transactions.executeWrite(status -> {
            String reportId = disputes.findById(tenant, id).orElseThrow(() -> notFound(id)).reportId();
            Report report = reports.lock(tenant, reportId);
            Dispute dispute = disputes.lock(tenant, id).orElseThrow();
            if (dispute.status() != Dispute.Status.OPEN) {
                return new NotOpen();
            }
            Map<Integer, Reinvestigation.Verdict<?>> verdicts = verdictsOf.apply(dispute);
            List<Dispute.Item> items = new ArrayList<>(dispute.items());
            for (int i = 0; i < items.size(); i++) {
                if (!items.get(i).decided() && !verdicts.containsKey(i)) {
                    return new Waiting();
                }
            }
            List<Reinvestigations.Change> changes = new ArrayList<>();
            List<Decided> decidedNow = new ArrayList<>();
            List<DisputeProcedure.Step> steps = steps(tenant, report, dispute);
            Map<CheckType, Set<Integer>> taken = new EnumMap<>(CheckType.class);
            for (int i = 0; i < items.size(); i++) {
                Dispute.Item item = items.get(i);
                if (item.decided()) {
                    continue;
                }
                Reinvestigation.Verdict<?> verdict = verdicts.get(i);
                Optional<Integer> at = item.wholeCheck()
                        ? Optional.<Integer>empty()
                        : Reinvestigations.position(report.checks(), item.check(), Reinvestigations.record(item.disputed()),
                                item.record(), taken.computeIfAbsent(item.check(), check -> new HashSet<>()));
                boolean stated = item.wholeCheck() ? Reinvestigations.states(report.checks(), item.check()) : at.isPresent();
                Dispute.Item decided = item.withOutcome(stated ? verdict.outcome() : Reinvestigation.Outcome.DELETED);
                if (stated) {
                    at.ifPresent(position -> taken.get(item.check()).add(position));
                    changes.add(new Reinvestigations.Change(item.check(), at.orElse(null), verdict));
                }
                items.set(i, decided);
                steps.set(i, new DisputeProcedure.Step(steps.get(i).provider(), verdict.furnisher(), !stated));
                decidedNow.add(new Decided(decided, verdict.furnisher()));
            }
            Instant now = Timestamps.now(clock);
            Reinvestigations.Revision revision = reinvestigations.revise(tenant, report, changes, now);
            List<Dispute> alsoResolved = new ArrayList<>();
            boolean stillOpen = false;
            for (Dispute other : disputes.openOfReport(tenant, reportId)) {
                if (other.id().equals(id)) {
                    continue;
                }
                List<Dispute.Item> theirs = new ArrayList<>(other.items());
                List<DisputeProcedure.Step> theirSteps = steps(tenant, report, other);
                boolean changed = false;
                for (int i = 0; i < theirs.size(); i++) {
                    Dispute.Item item = theirs.get(i);
                    if (item.decided()) {
                        continue;
                    }
                    Optional<Decided> same = decidedNow.stream().filter(decided -> decided.item().sameAs(item)).findFirst();
                    Optional<Reinvestigation.Outcome> outcome = same.map(decided -> decided.item().outcome())
                            .or(() -> removed(item, decidedNow, revision.checks()));
                    if (outcome.isPresent()) {
                        theirs.set(i, item.withOutcome(outcome.get()));
                        theirSteps.set(i, new DisputeProcedure.Step(theirSteps.get(i).provider(),
                                same.map(Decided::furnisher).orElse(null), same.isEmpty()));
                        changed = true;
                    }
                }
                if (changed) {
                    disputes.procedure(tenant, other.id(), theirSteps);
                }
                if (theirs.stream().allMatch(Dispute.Item::decided)) {
                    alsoResolved.add(other.withItems(theirs));
                } else {
                    stillOpen = true;
                    if (changed) {
                        disputes.decide(tenant, other.id(), theirs);
                        work.scheduleIfNotExists(REINVESTIGATION.instance(other.id() + "/" + id)
                                .data(DisputeRef.of(tenant, other.id())).scheduledTo(now));
                    }
                }
            }
            Report revised = reports.revise(tenant, report, revision.checks(), revision.recommendation(), stillOpen, now);
            disputes.procedure(tenant, id, steps);
            Dispute resolved = resolved(tenant, id, items, by, revised.version(), now);
            for (Dispute other : alsoResolved) {
                resolved(tenant, other.id(), other.items(), Dispute.ResolvedBy.OTHER_DISPUTE, revised.version(), now);
            }
            return new Resolved(resolved);
        });
    }

    /** An item a resolution decided, and the furnisher the verdict that decided it named (null when none). */
    private record Decided(Dispute.Item item, Findings.Source furnisher) {
    }

    /**
     * What the reinvestigation of the dispute did for each item so far: the steps recorded for
     * the items decided already, and for the others the provider of the item's check, with no
     * furnisher yet.
     */
    private List<DisputeProcedure.Step> steps(Tenant tenant, Report report, Dispute dispute) {
        List<DisputeProcedure.Step> recorded = disputes.procedure(tenant, dispute.id());
        return new ArrayList<>(recorded.isEmpty() ? DisputeProcedure.unanswered(report, dispute) : recorded);
    }

    /** The dispute resolved at {@code now} with these items, its dispute.resolved recorded and its outcome email scheduled. */
    private Dispute resolved(Tenant tenant, String id, List<Dispute.Item> items, Dispute.ResolvedBy by, int version, Instant now) {
        disputes.resolve(tenant, id, items, now, by, version);
        Dispute resolved = disputes.findById(tenant, id).orElseThrow();
        events.record(tenant, EventType.DISPUTE_RESOLVED, id, mapper.json(resolved), Dispute.Status.OPEN.value(), now);
        work.scheduleIfNotExists(OUTCOME_EMAIL.instance(id).data(DisputeRef.of(tenant, id)).scheduledTo(now));
        return resolved;
    }

    /**
     * The outcome another dispute's item gets from a resolution that did not decide the same
     * item: when the revised checks no longer state it, that of its check disputed as a whole
     * and corrected, or {@code deleted}; none otherwise (it is still to be reinvestigated).
     */
    private static Optional<Reinvestigation.Outcome> removed(Dispute.Item item, List<Decided> decidedNow,
                                                             List<Report.CheckResult> revised) {
        boolean stated = item.wholeCheck() ? Reinvestigations.states(revised, item.check())
                : Reinvestigations.position(revised, item.check(), Reinvestigations.record(item.disputed()), item.record(), Set.of())
                .isPresent();
        if (stated) {
            return Optional.empty();
        }
        boolean corrected = decidedNow.stream().map(Decided::item).anyMatch(decided -> decided.wholeCheck()
                && decided.check() == item.check() && decided.outcome() == Reinvestigation.Outcome.CORRECTED);
        return Optional.of(corrected ? Reinvestigation.Outcome.CORRECTED : Reinvestigation.Outcome.DELETED);
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

    private static ApiException takesNoStatement(Dispute dispute) {
        String why = dispute.status() == Dispute.Status.OPEN ? "is still open: a statement is filed once its outcome is known"
                : dispute.statement() != null ? "has a statement already; a dispute takes one"
                : "left nothing in the report: every item it named was deleted, so there is nothing a statement could be about";
        return ApiException.invalid(ErrorSource.parameter("id"), "Dispute '" + dispute.id() + "' " + why
                + " (FCRA section 611(b): a statement is filed when the reinvestigation did not resolve the dispute).");
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No dispute with id '" + Echo.of(id) + "'.");
    }
}
