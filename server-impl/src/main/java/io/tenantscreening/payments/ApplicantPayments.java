package io.tenantscreening.payments;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.billing.GatewayRefused;
import io.tenantscreening.billing.GatewayUnavailable;
import io.tenantscreening.billing.HostedCheckout;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderPayment;
import io.tenantscreening.orders.OrderRef;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The applicant's payment of an applicant-paid live order. The apply page sends the
 * applicant to a hosted checkout ({@link #start}): the checkout is recorded first, the
 * gateway asked for its session outside any transaction. Only the gateway's signed
 * notification ({@link #receive}) settles it, in one transaction under the order's lock:
 * the notification's id is recorded (a second delivery changes nothing), the checkout
 * settled once, the order's payment moved with its event, and what follows (the receipt, a
 * refund when the order no longer wants the money) written as durable work in the same
 * transaction. Refunds run as background work ({@link #refundDue}): one the gateway
 * refuses for good, or later reports failed, ends with its failure recorded on the
 * checkout, the order's payment refund_failed and an order.payment_refund_failed event,
 * once; one it answers was refunded already is recorded as refunded elsewhere.
 */
@Singleton
public class ApplicantPayments {

    private static final Logger LOG = LoggerFactory.getLogger(ApplicantPayments.class);

    private final HostedCheckouts gateways;
    private final CheckoutRepository checkouts;
    private final CheckoutExpiry expiry;
    private final OrderLifecycle lifecycle;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public ApplicantPayments(HostedCheckouts gateways, CheckoutRepository checkouts, CheckoutExpiry expiry, OrderLifecycle lifecycle,
                             TransactionOperations<Connection> transactions, Clock clock) {
        this.gateways = gateways;
        this.checkouts = checkouts;
        this.expiry = expiry;
        this.lifecycle = lifecycle;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Where to send the applicant, or why not. */
    public sealed interface Start permits Redirect, NothingToPay, Unavailable, Refused {
    }

    /** To the gateway's checkout page. */
    public record Redirect(String url) implements Start {
    }

    /** The order no longer waits for a payment (paid already, canceled, not applicant-paid). */
    public record NothingToPay() implements Start {
    }

    /** The gateway did not open a session; trying again later may work. */
    public record Unavailable() implements Start {
    }

    /**
     * The gateway refused to open a session for good ({@code code} and {@code param} are its
     * own, either may be null): the payment failed as refused_by_processor, and the applicant
     * cannot pay the order as it stands.
     */
    public record Refused(String code, String param) implements Start {
    }

    /** What the apply page shows of the order's payment: where it stands, and whether its newest checkout is still open. */
    public record State(OrderPayment payment, boolean checkoutOpen) {
    }

    /** The order's payment as the apply page shows it; empty when the applicant pays nothing. */
    public Optional<State> state(Tenant tenant, String orderId, OrderPayment payment) {
        if (payment == null) {
            return Optional.empty();
        }
        return Optional.of(new State(payment, transactions.executeRead(status -> checkouts.newestOpen(tenant, orderId))));
    }

    /**
     * Opens a hosted checkout for the order's payment: the applicant returns to
     * {@code returnUrl} after paying and to {@code cancelUrl} after giving up.
     */
    public Start start(OrderRef ref, String description, String payerEmail, String returnUrl, String cancelUrl) {
        Tenant tenant = ref.tenant();
        HostedCheckout gateway = gateways.active();
        String checkoutId = PublicIds.newId("cko");
        Optional<OrderPayment> due = transactions.executeWrite(status -> {
            Order order = lifecycle.lockWaiting(tenant, ref.orderId());
            if (!awaitsPayment(order)) {
                return Optional.<OrderPayment>empty();
            }
            checkouts.insert(tenant, checkoutId, order.id(), gateway.name(), order.payment().amountCents(),
                    order.payment().currency(), Timestamps.now(clock));
            return Optional.of(order.payment());
        });
        if (due.isEmpty()) {
            return new NothingToPay();
        }
        HostedCheckout.Session session;
        try {
            session = gateway.open(new HostedCheckout.CheckoutRequest(checkoutId, due.get().amountCents(), due.get().currency(),
                    description, payerEmail, returnUrl, cancelUrl));
        } catch (GatewayUnavailable e) {
            LOG.warn("Checkout {} of order {} not opened: {}", checkoutId, ref.orderId(), e.getMessage());
            transactions.executeWrite(status -> {
                checkouts.notOpened(tenant, checkoutId, Timestamps.now(clock));
                return null;
            });
            return new Unavailable();
        } catch (GatewayRefused e) {
            LOG.warn("Checkout {} of order {} refused by {} for good ({}, param {}): {}. The applicant was told to contact the "
                    + "organisation; the order's payment failed (refused_by_processor).", checkoutId, ref.orderId(), gateway.name(),
                    e.code(), e.param(), e.getMessage());
            transactions.executeWrite(status -> {
                Instant now = Timestamps.now(clock);
                checkouts.refused(tenant, checkoutId, e.code(), e.getMessage(), now);
                Order order = lifecycle.lockWaiting(tenant, ref.orderId());
                if (order != null) {
                    lifecycle.paymentFailed(tenant, order, OrderPayment.FailureReason.REFUSED_BY_PROCESSOR, now);
                }
                return null;
            });
            return new Refused(e.code(), e.param());
        }
        boolean stillDue = transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            checkouts.sessionOpened(tenant, checkoutId, session.id(), now);
            if (awaitsPayment(lifecycle.lockWaiting(tenant, ref.orderId()))) {
                return true;
            }
            expiry.scheduleFor(tenant, ref.orderId(), checkoutId, now);
            return false;
        });
        if (!stillDue) {
            LOG.info("Checkout {} of order {}: the order stopped waiting for its payment while {} opened session {}; the "
                    + "session is expired", checkoutId, ref.orderId(), gateway.name(), session.id());
            return new NothingToPay();
        }
        return new Redirect(session.url());
    }

    /**
     * Whether the applicant may pay for this order (locked by {@code lockWaiting}, so null
     * unless it waits for its applicant): it is applicant-paid, and its payment was neither
     * taken nor given back; a failed one may be tried again.
     */
    static boolean awaitsPayment(Order order) {
        return order != null && order.payment() != null && order.payment().status() != OrderPayment.Status.SUCCEEDED
                && order.payment().status() != OrderPayment.Status.REFUNDED;
    }

    /** How a notification was taken. */
    public enum Receipt {
        /** It changed what it is about. */
        TAKEN,
        /** Its id was taken before: nothing changed. */
        DUPLICATE,
        /**
         * It is of a kind the service does not act on, or about a session no checkout has (the
         * processor's account has sessions of other apps, or of Payment Links): nothing changed.
         */
        IGNORED
    }

    /** No gateway of that name takes notifications here. */
    public static class UnknownGateway extends RuntimeException {
        UnknownGateway(String gateway) {
            super("No payment gateway '" + gateway + "' takes notifications here.");
        }
    }

    /**
     * Verifies a gateway's notification over its raw body and acts on it once.
     *
     * @throws HostedCheckout.NotificationRefused forged, stale or unreadable
     * @throws UnknownGateway for a gateway that takes no notifications here
     */
    public Receipt receive(String gatewayName, Function<String, String> header, byte[] body) {
        HostedCheckout gateway = gateways.named(gatewayName).orElseThrow(() -> new UnknownGateway(gatewayName));
        HostedCheckout.Notification notification = gateway.verify(header, body);
        if (notification.kind() == HostedCheckout.Kind.IGNORED) {
            return Receipt.IGNORED;
        }
        if (notification.kind() == HostedCheckout.Kind.REFUND_FAILED) {
            return refundFailed(gateway, notification);
        }
        Optional<CheckoutRepository.Checkout> checkout = transactions.executeRead(status ->
                checkouts.findBySession(gateway.name(), notification.sessionId()));
        if (checkout.isEmpty()) {
            LOG.info("Notification {} of {} ignored: no checkout has its session {}", notification.id(), gateway.name(),
                    notification.sessionId());
            return Receipt.IGNORED;
        }
        CheckoutRepository.Checkout found = checkout.get();
        Tenant tenant = found.tenant();
        return transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            if (!checkouts.firstNotification(gateway.name(), notification.id(), notification.sessionId(), now)) {
                return Receipt.DUPLICATE;
            }
            Order order = lifecycle.lockAny(tenant, found.orderId());
            switch (notification.kind()) {
                case SUCCEEDED -> {
                    if (checkouts.settle(tenant, found.id(), "succeeded", notification.paymentReference(), null, now)
                            && !lifecycle.paymentSucceeded(tenant, order, now)) {
                        checkouts.refundDue(tenant, found.id(), now);
                        lifecycle.scheduleRefund(tenant, order.id(), found.id(), now);
                    }
                }
                case FAILED -> {
                    if (checkouts.settle(tenant, found.id(), "failed", null, notification.failure(), now)) {
                        lifecycle.paymentFailed(tenant, order, OrderPayment.FailureReason.DECLINED, now);
                    }
                }
                case EXPIRED -> checkouts.settle(tenant, found.id(), "expired", null, null, now);
                case IGNORED, REFUND_FAILED -> throw new IllegalStateException(notification.kind() + " is answered before");
            }
            return Receipt.TAKEN;
        });
    }

    /**
     * A refund the gateway had accepted failed (its notification verified): recorded on the
     * checkout it gave back, once however often it is told; a refund of a payment no
     * checkout asked back (made in the gateway's dashboard, or by another application) is
     * acknowledged and changes nothing.
     */
    private Receipt refundFailed(HostedCheckout gateway, HostedCheckout.Notification notification) {
        Optional<CheckoutRepository.Checkout> found = transactions.executeRead(status ->
                checkouts.findByRefund(gateway.name(), notification.refundReference(), notification.paymentReference()));
        if (found.isEmpty()) {
            return Receipt.IGNORED;
        }
        CheckoutRepository.Checkout checkout = found.get();
        return transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            if (!checkouts.firstNotification(gateway.name(), notification.id(), checkout.sessionId(), now)) {
                return Receipt.DUPLICATE;
            }
            return recordRefundFailed(checkout, notification.refundReference(), notification.failure(),
                    "The refund failed after " + gateway.name() + " accepted it.", now) ? Receipt.TAKEN : Receipt.DUPLICATE;
        });
    }

    /**
     * Gives back every payment of the order that is due back and not given back yet, each
     * with its checkout's id as the gateway's idempotency key, and records the gateway's last
     * word on each; background work, never in a transaction. A refund the gateway cannot
     * make just now throws {@link io.tenantscreening.billing.GatewayUnavailable}, and the
     * work is retried.
     */
    public void refundDue(OrderRef ref) {
        Tenant tenant = ref.tenant();
        for (CheckoutRepository.Checkout checkout : transactions.executeRead(status -> checkouts.dueForRefund(tenant, ref.orderId()))) {
            HostedCheckout gateway = gateways.named(checkout.gateway())
                    .orElseThrow(() -> new IllegalStateException("payment gateway " + checkout.gateway() + " is not configured"));
            HostedCheckout.RefundOutcome outcome = gateway.refund(checkout.paymentReference(), "refund-" + checkout.id());
            transactions.executeWrite(status -> {
                record(checkout, outcome, Timestamps.now(clock));
                return null;
            });
        }
    }

    /** In the caller's transaction: the gateway's last word on the refund of the checkout's payment. */
    private void record(CheckoutRepository.Checkout checkout, HostedCheckout.RefundOutcome outcome, Instant now) {
        if (outcome instanceof HostedCheckout.Refunded refunded) {
            checkouts.refunded(checkout.tenant(), checkout.id(), refunded.refundReference(), now);
            LOG.info("Payment {} of order {} refunded through {}", checkout.paymentReference(), checkout.orderId(), checkout.gateway());
        } else if (outcome instanceof HostedCheckout.AlreadyRefunded already) {
            checkouts.refundedElsewhere(checkout.tenant(), checkout.id(), now);
            LOG.warn("Payment {} of order {}: {} answered it was refunded already ({}: {}); recorded as refunded elsewhere",
                    checkout.paymentReference(), checkout.orderId(), checkout.gateway(), already.code(), already.message());
        } else if (outcome instanceof HostedCheckout.RefundRefused refused) {
            recordRefundFailed(checkout, null, refused.code(), refused.message(), now);
        }
    }

    /**
     * In the caller's transaction: the checkout's refund failed for good; the first time, under
     * the order's lock, its payment becomes refund_failed with its event. Answers whether it
     * was the first time.
     */
    private boolean recordRefundFailed(CheckoutRepository.Checkout checkout, String refundReference, String failure,
                                       String message, Instant now) {
        Tenant tenant = checkout.tenant();
        Order order = lifecycle.lockAny(tenant, checkout.orderId());
        if (!checkouts.refundFailed(tenant, checkout.id(), refundReference, failure, message, now)) {
            return false;
        }
        lifecycle.paymentRefundFailed(tenant, order, now);
        LOG.warn("Refund of payment {} of order {} through {} failed for good ({}: {}); refund it by hand",
                checkout.paymentReference(), checkout.orderId(), checkout.gateway(), failure, message);
        return true;
    }

    /**
     * Expires every open session of an order that no longer wants the money (canceled), so
     * that its applicant can no longer pay; background work, never in a transaction. A
     * session the gateway refuses to expire for good (completed or ended meanwhile) is left:
     * its notification settles it, and a payment the order no longer wants is refunded.
     */
    public void expireOpen(OrderRef ref) {
        Tenant tenant = ref.tenant();
        for (CheckoutRepository.Checkout checkout : transactions.executeRead(status -> checkouts.openSessions(tenant, ref.orderId()))) {
            HostedCheckout gateway = gateways.named(checkout.gateway())
                    .orElseThrow(() -> new IllegalStateException("payment gateway " + checkout.gateway() + " is not configured"));
            boolean expired;
            try {
                expired = gateway.expire(checkout.sessionId());
            } catch (GatewayRefused e) {
                LOG.info("Session {} of order {} not expired: {} refused ({}): {}", checkout.sessionId(), ref.orderId(),
                        gateway.name(), e.code(), e.getMessage());
                expired = false;
            }
            if (expired) {
                transactions.executeWrite(status -> checkouts.settle(tenant, checkout.id(), "expired", null, null,
                        Timestamps.now(clock)));
                LOG.info("Session {} of order {} expired at {}", checkout.sessionId(), ref.orderId(), gateway.name());
            }
        }
    }

    /** The checkout that paid the order, for its receipt. */
    Optional<CheckoutRepository.Checkout> paid(OrderRef ref) {
        return transactions.executeRead(status -> checkouts.paid(ref.tenant(), ref.orderId()));
    }
}
