package io.tenantscreening.billing;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.EventDataObjectDeserializationException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.exception.StripeException;
import com.stripe.model.Event;
import com.stripe.model.Refund;
import com.stripe.model.StripeError;
import com.stripe.model.StripeObject;
import com.stripe.net.RequestOptions;
import com.stripe.net.Webhook;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.checkout.SessionCreateParams;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;

/**
 * Stripe Checkout through the official stripe-java library: a Checkout Session in payment
 * mode with one line (the package and its add-ons at the order's price), the checkout's id
 * as client_reference_id, metadata and idempotency key; webhooks verified with
 * {@link Webhook#constructEvent} over the raw body ({@code Stripe-Signature}), then checked
 * for freshness; refunds of the session's PaymentIntent, whose answers are sorted into
 * those to ask again later and Stripe's last word ({@link #classify}), and whose later
 * failure Stripe tells in {@code refund.failed} (or {@code refund.updated} with status
 * failed); sessions expired. The pay button's request waits {@code STRIPE_CHECKOUT_TIMEOUT}
 * seconds per try, two tries; background work (refunds, expiry) 20 s, three tries. A 4xx
 * other than a rate limit, an idempotency conflict or a refusal of the service's own key is
 * a refusal for good ({@link GatewayRefused}); anything else may pass later
 * ({@link GatewayUnavailable}). {@code STRIPE_API_BASE} says where Stripe's API is (the
 * conformance tests point it at a stand-in on loopback). Each call is a client span, and is
 * timed as {@code http.client.requests} of client {@code stripe}, under the template of its
 * path ({@link #call}).
 */
@Singleton
@Named(StripeCheckout.NAME)
public class StripeCheckout implements HostedCheckout {

    public static final String NAME = "stripe";
    public static final String SIGNATURE_HEADER = "Stripe-Signature";
    private static final String CHECKOUT_ORIGIN = "https://checkout.stripe.com";
    private static final int TIMEOUT_MILLIS = 20_000;
    /** Stripe's code of a refund refused because the charge was refunded in full already. */
    static final String CHARGE_ALREADY_REFUNDED = "charge_already_refunded";

    private final PaymentSettings settings;
    private final Clock clock;
    private final Traces traces;
    private final ServiceMetrics metrics;
    private volatile StripeClient client;

    public StripeCheckout(PaymentSettings settings, Clock clock, Traces traces, ServiceMetrics metrics) {
        this.settings = settings;
        this.clock = clock;
        this.traces = traces;
        this.metrics = metrics;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String checkoutOrigin() {
        return CHECKOUT_ORIGIN;
    }

    @Override
    public HostedCheckout.Session open(CheckoutRequest request) {
        SessionCreateParams.Builder params = SessionCreateParams.builder()
                .setMode(SessionCreateParams.Mode.PAYMENT)
                .setSuccessUrl(request.returnUrl())
                .setCancelUrl(request.cancelUrl())
                .setClientReferenceId(request.reference())
                .putMetadata("checkout_id", request.reference())
                .setPaymentIntentData(SessionCreateParams.PaymentIntentData.builder()
                        .putMetadata("checkout_id", request.reference()).build())
                .addLineItem(SessionCreateParams.LineItem.builder()
                        .setQuantity(1L)
                        .setPriceData(SessionCreateParams.LineItem.PriceData.builder()
                                .setCurrency(request.currency())
                                .setUnitAmount(request.amountCents())
                                .setProductData(SessionCreateParams.LineItem.PriceData.ProductData.builder()
                                        .setName(request.description()).build())
                                .build())
                        .build());
        if (request.payerEmail() != null) {
            params.setCustomerEmail(request.payerEmail());
        }
        int timeout = settings.getCheckoutTimeoutSeconds() * 1000;
        try {
            com.stripe.model.checkout.Session session = call("stripe create checkout session", "payment.reference", request.reference(),
                    "/v1/checkout/sessions", () -> client().v1().checkout().sessions().create(params.build(), RequestOptions.builder()
                            .setIdempotencyKey(request.reference()).setConnectTimeout(timeout).setReadTimeout(timeout)
                            .setMaxNetworkRetries(1).build()));
            return new HostedCheckout.Session(session.getId(), session.getUrl());
        } catch (StripeException e) {
            throw failure("Stripe did not create the Checkout Session", e);
        }
    }

    @Override
    public Notification verify(Function<String, String> header, byte[] body) {
        String signature = header.apply(SIGNATURE_HEADER);
        String payload = new String(body, StandardCharsets.UTF_8);
        Event event;
        try {
            event = Webhook.constructEvent(payload, signature == null ? "" : signature, settings.getStripeWebhookSecret(), 0);
        } catch (SignatureVerificationException e) {
            throw new NotificationRefused(NotificationRefused.Reason.FORGED, "The Stripe-Signature does not match: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The body is not a Stripe event.");
        }
        long signedAt = signedAt(signature);
        if (Math.abs(Instant.now(clock).getEpochSecond() - signedAt) > settings.getNotificationToleranceSeconds()) {
            throw new NotificationRefused(NotificationRefused.Reason.STALE, "The notification was signed at "
                    + Instant.ofEpochSecond(signedAt) + ", outside the tolerance of " + settings.getNotificationToleranceSeconds()
                    + " seconds.");
        }
        if (event.getType().equals("refund.failed") || event.getType().equals("refund.updated")) {
            return refundNotification(event);
        }
        Kind kind = switch (event.getType()) {
            case "checkout.session.completed" -> Kind.SUCCEEDED;
            case "checkout.session.async_payment_succeeded" -> Kind.SUCCEEDED;
            case "checkout.session.async_payment_failed" -> Kind.FAILED;
            case "checkout.session.expired" -> Kind.EXPIRED;
            default -> Kind.IGNORED;
        };
        if (kind == Kind.IGNORED) {
            return new Notification(event.getId(), "", Kind.IGNORED, null, null);
        }
        com.stripe.model.checkout.Session session = session(event);
        if (kind == Kind.SUCCEEDED && !"paid".equals(session.getPaymentStatus())) {
            // Completed with a payment method that settles later: async_payment_succeeded or _failed follows.
            return new Notification(event.getId(), session.getId(), Kind.IGNORED, null, null);
        }
        return new Notification(event.getId(), session.getId(), kind, session.getPaymentIntent(),
                kind == Kind.FAILED ? "payment_failed" : null);
    }

    @Override
    public RefundOutcome refund(String paymentReference, String idempotencyKey) {
        Refund refund;
        try {
            refund = call("stripe create refund", "payment.reference", paymentReference, "/v1/refunds", () -> client().v1().refunds().create(
                    RefundCreateParams.builder().setPaymentIntent(paymentReference).build(),
                    RequestOptions.builder().setIdempotencyKey(idempotencyKey).build()));
        } catch (StripeException e) {
            String message = e.getStripeError() != null && e.getStripeError().getMessage() != null
                    ? e.getStripeError().getMessage() : e.getMessage();
            return switch (classify(e)) {
                case ASK_AGAIN -> throw new GatewayUnavailable("Stripe did not refund " + paymentReference + ": " + e.getMessage(), e);
                case ALREADY_REFUNDED -> new AlreadyRefunded(e.getCode(), message);
                case REFUSED -> new RefundRefused(e.getCode() == null ? "http_" + e.getStatusCode() : e.getCode(), message);
            };
        }
        if ("failed".equals(refund.getStatus())) {
            return new RefundRefused(refund.getFailureReason() == null ? "unknown" : refund.getFailureReason(),
                    "Stripe answered refund " + refund.getId() + " failed.");
        }
        return new Refunded(refund.getId());
    }

    /** How an error answer of Stripe to a refund is taken. */
    enum RefundAnswer {
        /** Temporary, or the operator's to fix: the same request may succeed later. */
        ASK_AGAIN,
        /** The charge was refunded in full before: the money is back. */
        ALREADY_REFUNDED,
        /** Refused for good (disputed, no such payment, any other refusal of the request itself). */
        REFUSED
    }

    /**
     * Sorts Stripe's error answers to a refund: those a later try may get past
     * ({@link #refusedForGood} says which) are asked again; {@code charge_already_refunded}
     * means the money is back; every other refusal (an invalid_request_error such as
     * {@code charge_disputed}, a card_error) is Stripe's last word.
     */
    static RefundAnswer classify(StripeException e) {
        if (!refusedForGood(e)) {
            return RefundAnswer.ASK_AGAIN;
        }
        return CHARGE_ALREADY_REFUNDED.equals(e.getCode()) ? RefundAnswer.ALREADY_REFUNDED : RefundAnswer.REFUSED;
    }

    /** A refund.failed, or a refund.updated whose refund failed; any other refund event is ignored. */
    private static Notification refundNotification(Event event) {
        StripeObject object;
        try {
            object = event.getDataObjectDeserializer().deserializeUnsafe();
        } catch (EventDataObjectDeserializationException e) {
            throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The event's object is not a Refund.");
        }
        if (!(object instanceof Refund refund) || refund.getId() == null) {
            throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The event's object is not a Refund.");
        }
        if (!"failed".equals(refund.getStatus())) {
            return new Notification(event.getId(), "", Kind.IGNORED, null, null);
        }
        return new Notification(event.getId(), "", Kind.REFUND_FAILED, refund.getPaymentIntent(),
                refund.getFailureReason() == null ? "unknown" : refund.getFailureReason(), refund.getId());
    }

    @Override
    public boolean expire(String sessionId) {
        try {
            call("stripe expire checkout session", "payment.session", sessionId, "/v1/checkout/sessions/{session}/expire",
                    () -> client().v1().checkout().sessions().expire(sessionId));
            return true;
        } catch (StripeException e) {
            throw failure("Stripe did not expire " + sessionId, e);
        }
    }

    /**
     * Makes one call of Stripe's API (a POST to {@code uri}, the template of its path) in a
     * client span named {@code span} (with one attribute), marked failed when Stripe refuses or
     * does not answer, and times it as one client request, with the status of Stripe's answer,
     * none when no answer came (unreachable, cut off at the timeout). stripe-java's own network
     * retries are within the call: the status is that of its last try.
     */
    private <T extends StripeObject> T call(String span, String attribute, String value, String uri, StripeCall<T> call)
            throws StripeException {
        long started = System.nanoTime();
        Integer status = null;
        try (Traces.Outbound traced = traces.outbound(span, attribute, value)) {
            try {
                T answer = call.make();
                status = answer.getLastResponse().code();
                return answer;
            } catch (StripeException e) {
                // stripe-java gives a call that got no answer the status 0.
                status = e instanceof ApiConnectionException ? null : e.getStatusCode();
                throw traced.failed(e);
            }
        } finally {
            metrics.httpClientRequest(NAME, "POST", uri, status, System.nanoTime() - started);
        }
    }

    /** One call of Stripe's API. */
    @FunctionalInterface
    private interface StripeCall<T> {
        T make() throws StripeException;
    }

    /** What Stripe's error means: a refusal for good, with Stripe's code, parameter and message, or a failure that may pass. */
    private static RuntimeException failure(String what, StripeException e) {
        if (refusedForGood(e)) {
            StripeError error = e.getStripeError();
            return new GatewayRefused(e.getCode(), error == null ? null : error.getParam(),
                    error == null ? e.getMessage() : error.getMessage(), e);
        }
        return new GatewayUnavailable(what + ": " + e.getMessage(), e);
    }

    /**
     * Whether Stripe refused for good: a 4xx answer other than {@code 429} (rate limits, lock
     * timeouts), an idempotency conflict ({@code 409}, or an idempotency_error) and a refusal
     * of the service's own key ({@code 401}, {@code 403}: the operator's to fix, after which
     * the same request goes through). Not reaching Stripe, a timeout and a 5xx are temporary.
     */
    static boolean refusedForGood(StripeException e) {
        if (e instanceof ApiConnectionException || e instanceof RateLimitException || e instanceof IdempotencyException
                || e instanceof AuthenticationException || e instanceof PermissionException) {
            return false;
        }
        Integer status = e.getStatusCode();
        return status != null && status >= 400 && status < 500 && status != 401 && status != 403 && status != 409
                && status != 429;
    }

    private static com.stripe.model.checkout.Session session(Event event) {
        try {
            StripeObject object = event.getDataObjectDeserializer().deserializeUnsafe();
            if (object instanceof com.stripe.model.checkout.Session session) {
                return session;
            }
        } catch (EventDataObjectDeserializationException e) {
            throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The event's object is not a Checkout Session.");
        }
        throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The event's object is not a Checkout Session.");
    }

    /** The t= of a header whose signature was verified (so it has one). */
    private static long signedAt(String header) {
        for (String part : header.split(",")) {
            String[] pair = part.strip().split("=", 2);
            if (pair.length == 2 && pair[0].equals("t")) {
                return Long.parseLong(pair[1]);
            }
        }
        throw new NotificationRefused(NotificationRefused.Reason.FORGED, "The Stripe-Signature has no timestamp.");
    }

    private StripeClient client() {
        StripeClient current = client;
        if (current == null) {
            synchronized (this) {
                if (client == null) {
                    client = StripeClient.builder()
                            .setApiKey(settings.getStripeSecretKey())
                            .setApiBase(settings.getStripeApiBase())
                            .setConnectTimeout(TIMEOUT_MILLIS)
                            .setReadTimeout(TIMEOUT_MILLIS)
                            .setMaxNetworkRetries(2)
                            .build();
                }
                current = client;
            }
        }
        return current;
    }
}
