package io.tenantscreening.screening;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderCheck;
import io.tenantscreening.orders.OrderChecks;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderStatus;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks of orders as orders show them, with when each pending one is expected to
 * complete (the contract's "Expected completion times", {@link CompletionEstimate}). Only a
 * pending live order needs what is stored: its checks' first questions and the times their
 * providers said they would answer, and the screening queue's delay, read for all such
 * orders at once in one statement; so does an order whose rules hold its criminal check for
 * a conditional offer (two-step screening), which may have released it, in the same statement.
 * A criminal check the order's rules bar is not run, which the order alone says. Everything else follows from the order alone: a test
 * order's checks are expected at the moment it became pending plus the canned provider's
 * fixed turnarounds, with no queue, so the same order always shows the same estimates.
 */
@Singleton
public class CheckEstimates implements OrderChecks {

    private final ScreeningRepository checks;
    private final ScreeningProviders providers;
    private final Clock clock;

    public CheckEstimates(ScreeningRepository checks, ScreeningProviders providers, Clock clock) {
        this.checks = checks;
        this.providers = providers;
        this.clock = clock;
    }

    @Override
    public Map<String, List<OrderCheck>> of(Tenant tenant, Collection<Order> orders) {
        Instant now = Timestamps.now(clock);
        List<String> read = orders.stream().filter(order -> needsStoredChecks(tenant.mode(), order)).map(Order::id).toList();
        Map<String, Map<CheckType, ScreeningRepository.Asked>> asked = new HashMap<>();
        Duration queue = Duration.ZERO;
        if (!read.isEmpty()) {
            ScreeningRepository.Progress progress = checks.progress(tenant, read, OrderLifecycle.SCREENING.getTaskName(), now);
            progress.checks().forEach(check -> asked.computeIfAbsent(check.orderId(), id -> new EnumMap<>(CheckType.class))
                    .put(check.type(), check));
            queue = tenant.mode() == Mode.LIVE ? CompletionEstimate.queueDelay(progress.oldestWaitingSince(), now) : Duration.ZERO;
        }
        Map<String, List<OrderCheck>> answered = new HashMap<>();
        for (Order order : orders) {
            Map<CheckType, ScreeningRepository.Asked> stored = asked.getOrDefault(order.id(), Map.of());
            Duration delay = queue;
            answered.put(order.id(), CheckType.forOrder(order.packageSlug(), order.addOnProducts()).stream()
                    .map(type -> check(tenant.mode(), order, type, stored.get(type), delay, now)).toList());
        }
        return answered;
    }

    /**
     * Whether the order's checks need what is stored: a pending live order's, for their
     * estimates, and those of a pending or completed order whose rules hold its criminal check
     * for a conditional offer, which may have released it.
     */
    private static boolean needsStoredChecks(Mode mode, Order order) {
        return order.status() == OrderStatus.PENDING && (mode == Mode.LIVE || holdsCriminalCheck(order))
                || order.status() == OrderStatus.COMPLETED && holdsCriminalCheck(order);
    }

    private static boolean holdsCriminalCheck(Order order) {
        return order.screeningRules().holdsCriminalCheck()
                && CheckType.forOrder(order.packageSlug(), order.addOnProducts()).contains(CheckType.CRIMINAL);
    }

    private OrderCheck check(Mode mode, Order order, CheckType type, ScreeningRepository.Asked asked, Duration queue, Instant now) {
        return switch (order.status()) {
            case WAITING_FOR_APPLICANT -> new OrderCheck(type.value(), OrderCheck.Status.WAITING_FOR_APPLICANT, null, false);
            case CANCELED -> new OrderCheck(type.value(), OrderCheck.Status.CANCELED, null, false);
            case COMPLETED, PENDING -> stored(mode, order, type, asked, queue, now);
        };
    }

    /**
     * A check of a pending or completed order: a criminal check the order's rules bar is not
     * run; one they hold is held until released (stored held, or not stored yet); complete when
     * answered, and every check of a completed order that was never held; otherwise pending
     * (a check released after its order completed included, expected from its release). A
     * pending test order's checks keep their fixed estimates.
     */
    private OrderCheck stored(Mode mode, Order order, CheckType type, ScreeningRepository.Asked asked, Duration queue, Instant now) {
        ScreeningRepository.Status status = asked == null ? null : asked.status();
        if (type == CheckType.CRIMINAL && order.screeningRules().barsCriminalCheck()) {
            return new OrderCheck(type.value(), OrderCheck.Status.NOT_RUN, null, false);
        }
        if (status == ScreeningRepository.Status.HELD
                || status == null && type == CheckType.CRIMINAL && order.screeningRules().holdsCriminalCheck()) {
            return new OrderCheck(type.value(), OrderCheck.Status.HELD, null, false);
        }
        if (status == ScreeningRepository.Status.COMPLETE
                || order.status() == OrderStatus.COMPLETED && status != ScreeningRepository.Status.REQUESTED) {
            return new OrderCheck(type.value(), OrderCheck.Status.COMPLETE, null, false);
        }
        boolean fixedTestEstimate = mode == Mode.TEST && order.status() == OrderStatus.PENDING;
        return pending(mode, order, type, fixedTestEstimate ? null : asked, queue, now);
    }

    /** A check not answered yet: its provider's time, or its first question (else the order's becoming pending) plus its typical turnaround. */
    private OrderCheck pending(Mode mode, Order order, CheckType type, ScreeningRepository.Asked asked, Duration queue, Instant now) {
        String provider = asked == null ? providers.providerOf(mode, type) : asked.provider();
        Duration typical = providers.typicalTurnaround(mode, type, provider);
        Instant answer;
        if (asked != null && asked.answerExpectedAt() != null) {
            answer = asked.answerExpectedAt();
        } else {
            answer = (asked == null ? order.pendingAt() : asked.requestedAt()).plus(typical);
        }
        CompletionEstimate estimate = CompletionEstimate.of(answer, typical, queue, now);
        return new OrderCheck(type.value(), OrderCheck.Status.PENDING, estimate.at(), estimate.overdue());
    }
}
