package io.tenantscreening.orders;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one place an order changes state: waiting_for_applicant → pending → completed, and
 * waiting_for_applicant or pending → canceled. Each change locks the order's row, refuses
 * a move the state machine does not allow, sets the status with its timestamp, and writes
 * its audit row and its event in the same transaction; an order that becomes pending gets
 * its screening scheduled in that transaction too. Two changes that race (a cancel and a
 * completion) are serialised by the row lock: the second finds a final order and does
 * nothing. An order that becomes completed or canceled is told to every
 * {@link OrderSettledListener} in the same transaction, after its row was updated.
 */
@Singleton
public class OrderLifecycle {

    /** The screening of a pending order (the screening feature runs it). */
    public static final TaskDescriptor<OrderRef> SCREENING = TaskDescriptor.of("screen-order", OrderRef.class);
    /** The email that invites an order's applicant to the apply page (the apply feature sends it). */
    public static final TaskDescriptor<OrderRef> INVITATION_EMAIL = TaskDescriptor.of("send-invitation-email", OrderRef.class);
    /** The text message with the same link, for a live order whose applicant has a phone number. */
    public static final TaskDescriptor<OrderRef> INVITATION_SMS = TaskDescriptor.of("send-invitation-sms", OrderRef.class);
    /** The receipt emailed to the applicant once their payment succeeded (the payments feature sends it). */
    public static final TaskDescriptor<OrderRef> PAYMENT_RECEIPT = TaskDescriptor.of("send-payment-receipt", OrderRef.class);
    /**
     * The refund of an applicant's payments that are due back (the payments feature asks the
     * gateway): one instance per cause, each refunding whatever of the order is due and not
     * yet refunded.
     */
    public static final TaskDescriptor<OrderRef> PAYMENT_REFUND = TaskDescriptor.of("refund-applicant-payment", OrderRef.class);

    private final OrderRepository orders;
    private final OrderService reads;
    private final EventService events;
    private final OrderAnswerWriter answers;
    private final SchedulerClient work;
    private final Clock clock;
    private final Duration testScreeningDelay;
    private final BeanProvider<OrderSettledListener> settledListeners;

    /**
     * The listeners are looked up when an order settles, not when this is made: they build
     * on orders (and so on this) themselves.
     */
    public OrderLifecycle(OrderRepository orders, OrderService reads, EventService events, OrderAnswerWriter answers,
                          SchedulerClient work, Clock clock,
                          @Value("${screening.test-mode.screening-delay}") Duration testScreeningDelay,
                          BeanProvider<OrderSettledListener> settledListeners) {
        this.orders = orders;
        this.reads = reads;
        this.events = events;
        this.answers = answers;
        this.work = work;
        this.clock = clock;
        this.testScreeningDelay = testScreeningDelay;
        this.settledListeners = settledListeners;
    }

    /** Who or what caused a change, as the audit row records it. */
    public enum Actor {
        API("api"), TEST_HELPER("test_helper"), APPLICANT("applicant"), SCREENING("screening"),
        INVITATION_EXPIRY("invitation_expiry");

        private final String value;

        Actor(String value) {
            this.value = value;
        }
    }

    /**
     * For an order created pending (a test order that skips the apply flow), in the
     * transaction that creates it: its order.pending event (no previous status) and its
     * screening.
     */
    void createdPending(Tenant tenant, Order order) {
        events.record(tenant, EventType.ORDER_PENDING, order.id(), answers.order(tenant, order), null, order.createdAt());
        scheduleScreening(tenant, order.id(), order.createdAt());
    }

    /**
     * For an order created waiting for its applicant, in the transaction that creates it:
     * the invitation by email, and in live mode by text message too when the applicant has
     * a phone number. The order is new, so no work of its can exist yet: the invitations are
     * inserted in one batch (one round trip), without the lookup per task that
     * {@code scheduleIfNotExists} makes first.
     */
    void createdWaiting(Tenant tenant, Order order, String applicantPhoneNumber) {
        OrderRef ref = OrderRef.of(tenant, order.id());
        List<SchedulableInstance<?>> invitations = new ArrayList<>(2);
        invitations.add(INVITATION_EMAIL.instance(order.id()).data(ref).scheduledTo(order.createdAt()));
        if (tenant.mode() == Mode.LIVE && applicantPhoneNumber != null) {
            invitations.add(INVITATION_SMS.instance(order.id()).data(ref).scheduledTo(order.createdAt()));
        }
        work.scheduleBatch(invitations);
    }

    /** The applicant's details are in: waiting_for_applicant → pending, and the screening begins. */
    @Transactional
    public OrderView submit(Tenant tenant, String orderId, Actor actor, Set<Include> includes) {
        Order order = move(tenant, orderId, OrderStatus.PENDING, actor);
        scheduleScreening(tenant, order.id(), Timestamps.now(clock));
        return reads.view(tenant, order.id(), includes);
    }

    /**
     * Like {@link #submit}, for an order the caller's transaction locked with
     * {@link #lockWaiting} (the apply page, which stores the applicant's consent and details
     * under the same lock).
     */
    public void submit(Tenant tenant, Order locked, Actor actor) {
        Instant now = Timestamps.now(clock);
        moveLocked(tenant, locked, OrderStatus.PENDING, actor, now);
        scheduleScreening(tenant, locked.id(), now);
    }

    /** waiting_for_applicant or pending → canceled; 422 on the path parameter for a final order. */
    @Transactional
    public OrderView cancel(Tenant tenant, String orderId, Actor actor, Set<Include> includes) {
        return reads.view(tenant, move(tenant, orderId, OrderStatus.CANCELED, actor).id(), includes);
    }

    /** Cancels an invitation that went unanswered; nothing when the order has moved on meanwhile. */
    @Transactional
    public void expire(Tenant tenant, String orderId) {
        orders.lockById(tenant, orderId)
                .filter(order -> order.status() == OrderStatus.WAITING_FOR_APPLICANT)
                .ifPresent(order -> move(tenant, orderId, OrderStatus.CANCELED, Actor.INVITATION_EXPIRY));
    }

    /**
     * pending → completed at {@code at} (when its report was made), in the caller's
     * transaction: the screening's, which made the report under this order's lock (taken by
     * {@link #lockPending}, which returned {@code locked}).
     */
    public void complete(Tenant tenant, Order locked, Instant at, Actor actor) {
        moveLocked(tenant, locked, OrderStatus.COMPLETED, actor, at);
    }

    /**
     * The applicant's payment of an order the caller's transaction locked ({@link #lockAny})
     * succeeded: when the order still waits for its applicant and was not paid yet, its
     * payment becomes succeeded, with its order.payment_succeeded event and the receipt.
     * Answers false when the money must go back instead (the order was canceled meanwhile:
     * its payment becomes refunded; or a second checkout paid it again): the caller
     * schedules that refund.
     */
    public boolean paymentSucceeded(Tenant tenant, Order locked, Instant at) {
        OrderPayment payment = locked.payment();
        if (payment == null || payment.status() != OrderPayment.Status.PENDING && payment.status() != OrderPayment.Status.FAILED) {
            return false;
        }
        if (locked.status() != OrderStatus.WAITING_FOR_APPLICANT) {
            orders.setPaymentStatus(tenant, locked.id(), OrderPayment.Status.REFUNDED);
            return false;
        }
        paymentChanged(tenant, locked, OrderPayment.Status.SUCCEEDED, EventType.ORDER_PAYMENT_SUCCEEDED, at);
        work.scheduleIfNotExists(PAYMENT_RECEIPT.instance(locked.id()).data(OrderRef.of(tenant, locked.id())).scheduledTo(at));
        return true;
    }

    /**
     * A payment attempt for an order the caller's transaction locked failed: while the order
     * waits unpaid, its payment becomes failed for {@code reason}, with an
     * order.payment_failed event. After {@code DECLINED} the applicant may try again; after
     * {@code REFUSED_BY_PROCESSOR} they cannot pay the order as it stands.
     */
    public void paymentFailed(Tenant tenant, Order locked, OrderPayment.FailureReason reason, Instant at) {
        OrderPayment payment = locked.payment();
        if (locked.status() == OrderStatus.WAITING_FOR_APPLICANT && payment != null
                && (payment.status() == OrderPayment.Status.PENDING || payment.status() == OrderPayment.Status.FAILED)) {
            orders.setPayment(tenant, locked.id(), OrderPayment.Status.FAILED, reason);
            events.record(tenant, EventType.ORDER_PAYMENT_FAILED, locked.id(),
                    answers.order(tenant, withPayment(locked, payment.failed(reason))), null, at);
        }
    }

    /**
     * A refund of the applicant's payment of an order the caller's transaction locked failed
     * for good (the caller records each failure once): a payment that was to be given back
     * (refunded) becomes refund_failed; the order.payment_refund_failed event either way (a
     * second payment of a paid order keeps its payment succeeded).
     */
    public void paymentRefundFailed(Tenant tenant, Order locked, Instant at) {
        OrderPayment.Status status = locked.payment().status();
        paymentChanged(tenant, locked, status == OrderPayment.Status.REFUNDED ? OrderPayment.Status.REFUND_FAILED : status,
                EventType.ORDER_PAYMENT_REFUND_FAILED, at);
    }

    /** Schedules the refund of what of the order is due back; {@code cause} names this refund's instance. */
    public void scheduleRefund(Tenant tenant, String orderId, String cause, Instant at) {
        work.scheduleIfNotExists(PAYMENT_REFUND.instance(orderId + ":" + cause).data(OrderRef.of(tenant, orderId)).scheduledTo(at));
    }

    /** Locks the order for the rest of the transaction, whatever its status; null when the tenant has none with this id. */
    public Order lockAny(Tenant tenant, String orderId) {
        return orders.lockById(tenant, orderId).orElse(null);
    }

    private void paymentChanged(Tenant tenant, Order locked, OrderPayment.Status next, EventType type, Instant at) {
        orders.setPaymentStatus(tenant, locked.id(), next);
        events.record(tenant, type, locked.id(), answers.order(tenant, withPayment(locked, locked.payment().withStatus(next))), null,
                at);
    }

    private static Order withPayment(Order order, OrderPayment payment) {
        return new Order(order.id(), order.mode(), order.status(), order.packageSlug(), order.addOnProducts(), order.payer(),
                order.propertyId(), order.applicantId(), order.originalRequesterId(), order.applicationToken(),
                order.screeningPolicyId(), order.monthlyRent(), order.createdAt(), order.pendingAt(), order.completedAt(),
                order.canceledAt(), payment, order.storedScreeningRules(), order.rentalApplicationId());
    }

    /** Locks the order for the rest of the transaction; null unless it is waiting for its applicant. */
    public Order lockWaiting(Tenant tenant, String orderId) {
        return orders.lockById(tenant, orderId).filter(order -> order.status() == OrderStatus.WAITING_FOR_APPLICANT).orElse(null);
    }

    /** Locks the order for the rest of the transaction; null unless it is pending (canceled meanwhile, say). */
    public Order lockPending(Tenant tenant, String orderId) {
        return orders.lockById(tenant, orderId).filter(order -> order.status() == OrderStatus.PENDING).orElse(null);
    }

    private Order move(Tenant tenant, String orderId, OrderStatus next, Actor actor) {
        return move(tenant, orderId, next, actor, Timestamps.now(clock));
    }

    private Order move(Tenant tenant, String orderId, OrderStatus next, Actor actor, Instant now) {
        Order order = orders.lockById(tenant, orderId)
                .orElseThrow(() -> ApiException.notFound("No order with id '" + Echo.of(orderId) + "'."));
        return moveLocked(tenant, order, next, actor, now);
    }

    private Order moveLocked(Tenant tenant, Order order, OrderStatus next, Actor actor, Instant now) {
        if (!order.status().canMoveTo(next)) {
            throw ApiException.invalid(ErrorSource.parameter("id"), refusal(order, next));
        }
        orders.moveTo(tenant, order.id(), next, now);
        orders.recordTransition(tenant, order.id(), order.status(), next, actor.value, now);
        OrderPayment payment = order.payment();
        if (next == OrderStatus.CANCELED && refundsOnCancel(tenant, order)) {
            payment = payment.withStatus(OrderPayment.Status.REFUNDED);
            orders.setPaymentStatus(tenant, order.id(), OrderPayment.Status.REFUNDED);
            scheduleRefund(tenant, order.id(), "canceled", now);
        }
        Order moved = new Order(order.id(), order.mode(), next, order.packageSlug(), order.addOnProducts(), order.payer(),
                order.propertyId(), order.applicantId(), order.originalRequesterId(), order.applicationToken(),
                order.screeningPolicyId(), order.monthlyRent(), order.createdAt(),
                next == OrderStatus.PENDING ? now : order.pendingAt(), next == OrderStatus.COMPLETED ? now : null,
                next == OrderStatus.CANCELED ? now : null, payment, order.storedScreeningRules(), order.rentalApplicationId());
        events.record(tenant, switch (next) {
            case PENDING -> EventType.ORDER_PENDING;
            case COMPLETED -> EventType.ORDER_COMPLETED;
            case CANCELED -> EventType.ORDER_CANCELED;
            case WAITING_FOR_APPLICANT -> throw new IllegalStateException("no order moves back to waiting_for_applicant");
        }, order.id(), answers.order(tenant, moved), order.status().value(), now);
        if (next == OrderStatus.COMPLETED || next == OrderStatus.CANCELED) {
            settledListeners.forEach(listener -> listener.settled(tenant, moved, now));
        }
        return moved;
    }

    /**
     * Whether canceling this order gives the applicant's payment back: it was paid, and its
     * screening has not begun (the order still waits, or is pending with no check answered
     * yet).
     */
    private boolean refundsOnCancel(Tenant tenant, Order order) {
        if (order.payment() == null || order.payment().status() != OrderPayment.Status.SUCCEEDED) {
            return false;
        }
        return order.status() == OrderStatus.WAITING_FOR_APPLICANT
                || order.status() == OrderStatus.PENDING && !orders.screeningBegan(tenant, order.id());
    }

    private static String refusal(Order order, OrderStatus next) {
        return switch (next) {
            case CANCELED -> "Order '" + order.id() + "' is " + order.status().value() + " and can no longer be canceled.";
            case PENDING -> "Order '" + order.id() + "' is " + order.status().value()
                    + "; only an order waiting for its applicant can be submitted.";
            default -> "Order '" + order.id() + "' is " + order.status().value() + " and cannot become " + next.value() + ".";
        };
    }

    private void scheduleScreening(Tenant tenant, String orderId, Instant from) {
        Instant at = tenant.mode() == Mode.TEST ? from.plus(testScreeningDelay) : from;
        work.scheduleIfNotExists(SCREENING.instance(orderId).data(OrderRef.of(tenant, orderId)).scheduledTo(at));
    }
}
