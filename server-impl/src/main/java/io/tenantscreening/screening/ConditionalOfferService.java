package io.tenantscreening.screening;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.orders.ConditionalOffers;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderAnswerWriter;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * {@code POST /orders/{id}/conditional_offer}: records the landlord's conditional offer and
 * releases the order's held criminal check (two-step screening, N.Y.C. Admin. Code
 * § 8-107(5)(o)(4)), all in one transaction under the order's row lock, so requests that race
 * (on any instances) release it once: the second finds the check released and is refused. A
 * check released while the order is pending is asked by the order's own screening; one
 * released after it completed by {@link ReleasedCheckWork}, scheduled in this transaction, so
 * a crash never loses it. A live-mode Idempotency-Key is kept with the offer and its answer,
 * which a request with the same key, order and body gets again.
 */
@Singleton
public class ConditionalOfferService implements ConditionalOffers {

    private final OrderLifecycle lifecycle;
    private final OrderService orders;
    private final OrderAnswerWriter answers;
    private final ScreeningRepository checks;
    private final ConditionalOfferRepository offers;
    private final ScreeningProviders providers;
    private final SchedulerClient work;
    private final ReportDay day;
    private final Clock clock;
    private final Duration testScreeningDelay;

    public ConditionalOfferService(OrderLifecycle lifecycle, OrderService orders, OrderAnswerWriter answers,
                                   ScreeningRepository checks, ConditionalOfferRepository offers, ScreeningProviders providers,
                                   SchedulerClient work, ReportDay day, Clock clock,
                                   @Value("${screening.test-mode.screening-delay}") Duration testScreeningDelay) {
        this.lifecycle = lifecycle;
        this.orders = orders;
        this.answers = answers;
        this.checks = checks;
        this.offers = offers;
        this.providers = providers;
        this.work = work;
        this.day = day;
        this.clock = clock;
        this.testScreeningDelay = testScreeningDelay;
    }

    @Override
    @Transactional
    public Made make(Tenant tenant, String orderId, Offer offer, String idempotencyKey, String canonicalRequest,
                     Set<Include> includes) {
        Order locked = lifecycle.lockAny(tenant, orderId);
        if (locked == null) {
            throw ApiException.notFound("No order with id '" + Echo.of(orderId) + "'.");
        }
        String request = locked.id() + " " + canonicalRequest;
        if (tenant.mode() == Mode.LIVE) {
            Optional<ConditionalOfferRepository.Keyed> keyed = offers.byKey(tenant, idempotencyKey);
            if (keyed.isPresent()) {
                if (!keyed.get().request().equals(request)) {
                    throw keyReused();
                }
                return new Replayed(keyed.get().responseBody(), orders.get(tenant, locked.id(), includes));
            }
        }
        if (locked.status() == OrderStatus.CANCELED) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Order '" + locked.id() + "' is canceled: it takes no "
                    + "conditional offer, and its criminal check is never run.");
        }
        Instant now = Timestamps.now(clock);
        if (offer.madeOn().isAfter(day.of(now))) {
            throw ApiException.invalid(ErrorSource.pointer("/conditional_offer/made_on"), "The day the offer was made may not be "
                    + "after today (" + day.of(now) + ").");
        }
        if (!held(tenant, locked)) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Order '" + locked.id() + "' has no criminal check held for a "
                    + "conditional offer" + (locked.status() == OrderStatus.WAITING_FOR_APPLICANT
                    ? ": it still waits for its applicant." : ": it was released already, or was never held."));
        }
        checks.release(tenant, locked.id(), CheckType.CRIMINAL, providers.providerOf(tenant.mode(), CheckType.CRIMINAL), now);
        if (locked.status() == OrderStatus.COMPLETED) {
            Instant at = tenant.mode() == Mode.TEST ? now.plus(testScreeningDelay) : now;
            work.scheduleIfNotExists(ReleasedCheckWork.RELEASED_CHECK.instance(locked.id()).data(OrderRef.of(tenant, locked.id()))
                    .scheduledTo(at));
        }
        OrderView view = orders.get(tenant, locked.id(), includes);
        if (!offers.insert(tenant, locked.id(), offer.madeOn(), offer.note(), tenant.mode() == Mode.LIVE ? idempotencyKey : null,
                request, answers.kept(view), now)) {
            throw keyReused();
        }
        return new Released(view);
    }

    /**
     * Whether the order's criminal check is held: stored held, or, on a pending order whose
     * screening has not stored it yet, held by the order's rules.
     */
    private boolean held(Tenant tenant, Order order) {
        if (order.status() != OrderStatus.PENDING && order.status() != OrderStatus.COMPLETED) {
            return false;
        }
        Optional<ScreeningRepository.Check> criminal = checks.of(tenant, order.id(), CheckType.CRIMINAL);
        if (criminal.isPresent()) {
            return criminal.get().status() == ScreeningRepository.Status.HELD;
        }
        return order.status() == OrderStatus.PENDING
                && CheckType.forOrder(order.packageSlug(), order.addOnProducts()).contains(CheckType.CRIMINAL)
                && order.screeningRules().holdsCriminalCheck();
    }

    private static ApiException keyReused() {
        return ApiException.invalid(ErrorSource.header("Idempotency-Key"), "This Idempotency-Key was already used with a "
                + "different request (another body or another order). Send a new key for a new request.");
    }
}
