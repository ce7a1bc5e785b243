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
 * orders at once in one statement. Everything else follows from the order alone: a test
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
        List<String> pendingLive = tenant.mode() == Mode.LIVE
                ? orders.stream().filter(order -> order.status() == OrderStatus.PENDING).map(Order::id).toList() : List.of();
        Map<String, Map<CheckType, ScreeningRepository.Asked>> asked = new HashMap<>();
        Duration queue = Duration.ZERO;
        if (!pendingLive.isEmpty()) {
            ScreeningRepository.Progress progress = checks.progress(tenant, pendingLive, OrderLifecycle.SCREENING.getTaskName(), now);
            progress.checks().forEach(check -> asked.computeIfAbsent(check.orderId(), id -> new EnumMap<>(CheckType.class))
                    .put(check.type(), check));
            queue = CompletionEstimate.queueDelay(progress.oldestWaitingSince(), now);
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

    private OrderCheck check(Mode mode, Order order, CheckType type, ScreeningRepository.Asked asked, Duration queue, Instant now) {
        return switch (order.status()) {
            case WAITING_FOR_APPLICANT -> new OrderCheck(type.value(), OrderCheck.Status.WAITING_FOR_APPLICANT, null, false);
            case COMPLETED -> new OrderCheck(type.value(), OrderCheck.Status.COMPLETE, null, false);
            case CANCELED -> new OrderCheck(type.value(), OrderCheck.Status.CANCELED, null, false);
            case PENDING -> asked != null && asked.complete()
                    ? new OrderCheck(type.value(), OrderCheck.Status.COMPLETE, null, false)
                    : pending(mode, order, type, asked, queue, now);
        };
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
