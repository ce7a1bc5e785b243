package io.tenantscreening.billing;

import java.util.function.Function;

/**
 * Takes a payment from a person at the processor's own hosted checkout page: the sibling of
 * {@link PaymentGateway} for applicant-paid orders, where no saved card exists and card data
 * must never reach the service. The service opens a session (the processor answers the URL
 * the browser is sent to), the browser comes back to the service, and the processor
 * confirms the outcome with a signed notification, which alone settles the payment (never
 * the browser's return). Each gateway verifies its own notifications. As with
 * {@link PaymentGateway}, the service never calls a gateway inside a database transaction.
 */
public interface HostedCheckout {

    /** Short name stored with each checkout, and the last segment of its notification URL. */
    String name();

    /**
     * Where the browser is sent to pay, for the apply page's {@code form-action}; null when the
     * checkout page is the service's own.
     */
    String checkoutOrigin();

    /**
     * Opens a hosted checkout session. {@link CheckoutRequest#reference()} is the processor's
     * idempotency key: asking again with it answers the same session.
     */
    Session open(CheckoutRequest request);

    /**
     * Checks a notification's signature and freshness over its raw body, and reads it.
     * {@code header} answers a request header by name.
     *
     * @throws NotificationRefused when it is forged, stale or not readable
     */
    Notification verify(Function<String, String> header, byte[] body);

    /**
     * Gives back the money of a succeeded payment; {@code idempotencyKey} makes repeating it
     * harmless. Answers what the processor did, when that is its last word on this refund.
     *
     * @throws GatewayUnavailable when asking again later may work (out of reach, an error on
     *                            its side, too many requests, the service's key refused)
     */
    RefundOutcome refund(String paymentReference, String idempotencyKey);

    /** The processor's last word on a refund it was asked for. */
    sealed interface RefundOutcome permits Refunded, AlreadyRefunded, RefundRefused {
    }

    /** The refund is made; {@code refundReference} names it at the processor (null when it has no id of its own). */
    record Refunded(String refundReference) implements RefundOutcome {
    }

    /**
     * The payment was refunded before, outside this request (in the processor's dashboard, or
     * by an earlier request whose answer was lost): the money is back, nothing is to be done.
     */
    record AlreadyRefunded(String code, String message) implements RefundOutcome {
    }

    /** The processor refuses this refund for good: asking again would get the same answer. */
    record RefundRefused(String code, String message) implements RefundOutcome {
    }

    /**
     * Ends an open session, so that it can no longer be paid (its order no longer wants the
     * money); answers false when the gateway's sessions are not ended this way.
     *
     * @throws GatewayRefused when the processor refuses for good (the session was completed
     *                        or ended meanwhile)
     * @throws GatewayUnavailable when asking again later may work
     */
    boolean expire(String sessionId);

    /** What to ask the payer for, and where the browser returns after paying or giving up. */
    record CheckoutRequest(String reference, long amountCents, String currency, String description, String payerEmail,
                           String returnUrl, String cancelUrl) {
    }

    /** The processor's session: its id, and the page the browser is sent to. */
    record Session(String id, String url) {
    }

    /**
     * What a verified notification says about one session, or (kind REFUND_FAILED) about
     * one refund: then {@code refundReference} names the refund, {@code paymentReference}
     * the payment it was to give back, {@code failure} why it failed, and there is no session.
     */
    record Notification(String id, String sessionId, Kind kind, String paymentReference, String failure,
                        String refundReference) {

        public Notification(String id, String sessionId, Kind kind, String paymentReference, String failure) {
            this(id, sessionId, kind, paymentReference, failure, null);
        }
    }

    /** The kinds of notification the service acts on; anything else is acknowledged and ignored. */
    enum Kind {
        /** The money was taken; the payment reference names it at the processor. */
        SUCCEEDED,
        /** The payment was refused; the payer may try again with a new session. */
        FAILED,
        /** The session ended unpaid (abandoned). */
        EXPIRED,
        /** A refund the processor had accepted failed: the money was not given back. */
        REFUND_FAILED,
        /** Not about the outcome of a payment. */
        IGNORED
    }

    /** A notification that is not the processor's, or not fresh. */
    class NotificationRefused extends RuntimeException {

        /** Why: a signature that does not match (or none), a timestamp outside the tolerance, a body that is not one. */
        public enum Reason { FORGED, STALE, MALFORMED }

        private final Reason reason;

        public NotificationRefused(Reason reason, String message) {
            super(message);
            this.reason = reason;
        }

        public Reason reason() {
            return reason;
        }
    }
}
