package io.tenantscreening.adverse;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import io.tenantscreening.jurisdictions.AdverseActionRules;
import io.tenantscreening.notices.NoticeKind;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportService;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The one place an adverse action is taken or changes state. Taking one writes, in the
 * caller's transaction, the adverse action, its first notice (PDF stored, email scheduled),
 * on the pre-adverse path the end of its response window (scheduled for its deadline),
 * and its events. A pending one then ends exactly once, in one transaction: completed when
 * its window ends (the adverse action notice made and its email scheduled) or canceled. Each
 * end is a conditional update on pending, so of a cancel and the window's end, or of two
 * instances ending one window (or one instance again after a crash), exactly one happens.
 */
@Singleton
public class AdverseActionLifecycle {

    /** The end of a pending adverse action's response window. */
    public static final TaskDescriptor<AdverseActionRef> WINDOW_END = TaskDescriptor.of("end-adverse-action-window",
            AdverseActionRef.class);

    private static final String PENDING = AdverseAction.Status.PENDING.value();

    private final AdverseActionRepository actions;
    private final AdverseActionNotices notices;
    private final AdverseActionMapper mapper;
    private final OrderService orders;
    private final ReportService reports;
    private final EventService events;
    private final ResponseWindow window;
    private final AdverseActionSettings settings;
    private final SchedulerClient work;
    private final Clock clock;

    public AdverseActionLifecycle(AdverseActionRepository actions, AdverseActionNotices notices, AdverseActionMapper mapper,
                                  OrderService orders, ReportService reports, EventService events, ResponseWindow window,
                                  AdverseActionSettings settings, SchedulerClient work, Clock clock) {
        this.actions = actions;
        this.notices = notices;
        this.mapper = mapper;
        this.orders = orders;
        this.reports = reports;
        this.events = events;
        this.window = window;
        this.settings = settings;
        this.work = work;
        this.clock = clock;
    }

    /**
     * Takes the adverse action, in the caller's transaction: 404 for an order the tenant
     * does not have, 422 on {@code /adverse_action/order_id} for an order not completed or
     * one that has an adverse action pending or completed; 422 when the fair-chance rules of
     * the order's screening rules reach it and it lacks what they ask ({@link FairChance}).
     * A final one is completed at once (adverse_action.created, then adverse_action.completed);
     * a pre-adverse one is pending (adverse_action.created), its window never shorter than the
     * rules' period.
     */
    AdverseAction take(Tenant tenant, TakeAdverseAction command) {
        Order order = orders.get(tenant, command.orderId(), Set.of()).order();
        if (order.status() != OrderStatus.COMPLETED) {
            throw ApiException.invalid(ErrorSource.pointer("/adverse_action/order_id"), "Order '" + order.id() + "' is "
                    + order.status().value() + ": adverse action can be taken only on a completed order, based on its report.");
        }
        Report report = reports.forOrder(tenant, order.id());
        String reportId = report.id();
        AdverseActionRules rules = order.screeningRules().adverseAction();
        FairChance.check(rules, command, report);
        Instant now = Timestamps.now(clock);
        boolean preAdverse = command.path() == AdverseAction.Path.PRE_ADVERSE;
        Integer days = preAdverse ? FairChance.responseDays(rules, command, report, settings.getResponseDays()) : null;
        AdverseAction action = new AdverseAction(PublicIds.newId("aa", tenant.mode()), tenant.mode(), order.id(), reportId,
                command.decision(), command.conditions(), command.reasons(), command.path(),
                preAdverse ? AdverseAction.Status.PENDING : AdverseAction.Status.COMPLETED, days,
                preAdverse ? window.deadline(tenant.mode(), now, days) : null, preAdverse ? now : null,
                preAdverse ? null : now, now, preAdverse ? null : now, null, command.assessment());
        if (!actions.insert(tenant, action)) {
            throw ApiException.invalid(ErrorSource.pointer("/adverse_action/order_id"), "Order '" + order.id()
                    + "' already has an adverse action that is pending or completed; one at a time (cancel a pending "
                    + "one first to take another).");
        }
        String json = mapper.json(action);
        if (preAdverse) {
            notices.issue(tenant, action, NoticeKind.PRE_ADVERSE, now);
            work.scheduleIfNotExists(WINDOW_END.instance(action.id()).data(AdverseActionRef.of(tenant, action.id()))
                    .scheduledTo(action.responseDeadline()));
            events.record(tenant, EventType.ADVERSE_ACTION_CREATED, action.id(), json, null, now);
        } else {
            notices.issue(tenant, action, NoticeKind.ADVERSE_ACTION, now);
            events.record(tenant, EventType.ADVERSE_ACTION_CREATED, action.id(), json, null, now);
            events.record(tenant, EventType.ADVERSE_ACTION_COMPLETED, action.id(), json, null, now);
        }
        return action;
    }

    /**
     * The response window ends: pending → completed, the adverse action notice made and its
     * email scheduled, adverse_action.completed. Empty, and nothing done, when the adverse
     * action is not pending (canceled, ended already, or no such adverse action).
     */
    @Transactional
    public Optional<AdverseAction> endWindow(Tenant tenant, String id) {
        Instant now = Timestamps.now(clock);
        Optional<AdverseAction> completed = actions.complete(tenant, id, now);
        completed.ifPresent(action -> {
            notices.issue(tenant, action, NoticeKind.ADVERSE_ACTION, now);
            events.record(tenant, EventType.ADVERSE_ACTION_COMPLETED, action.id(), mapper.json(action), PENDING, now);
        });
        return completed;
    }

    /** The test helper: ends the window now, as its work does; 404 when there is no such adverse action, 422 unless pending. */
    @Transactional
    public AdverseAction endWindowNow(Tenant tenant, String id) {
        return endWindow(tenant, id).orElseThrow(() -> notPending(tenant, id, "its response window cannot end"));
    }

    /** pending → canceled, adverse_action.canceled; 404 when there is no such adverse action, 422 unless pending. */
    @Transactional
    public AdverseAction cancel(Tenant tenant, String id) {
        Instant now = Timestamps.now(clock);
        AdverseAction canceled = actions.cancel(tenant, id, now)
                .orElseThrow(() -> notPending(tenant, id, "it can no longer be canceled"));
        events.record(tenant, EventType.ADVERSE_ACTION_CANCELED, canceled.id(), mapper.json(canceled), PENDING, now);
        return canceled;
    }

    private ApiException notPending(Tenant tenant, String id, String consequence) {
        AdverseAction action = actions.findById(tenant, id).orElseThrow(() -> notFound(id));
        return ApiException.invalid(ErrorSource.parameter("id"), "Adverse action '" + action.id() + "' is "
                + action.status().value() + ", not pending: " + consequence + ".");
    }

    static ApiException notFound(String id) {
        return ApiException.notFound("No adverse action with id '" + Echo.of(id) + "'.");
    }
}
