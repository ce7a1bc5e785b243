package io.tenantscreening.billing;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;

import static io.tenantscreening.billing.HostedCheckout.NotificationRefused.Reason.FORGED;
import static io.tenantscreening.billing.HostedCheckout.NotificationRefused.Reason.MALFORMED;
import static io.tenantscreening.billing.HostedCheckout.NotificationRefused.Reason.STALE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Stripe's notifications (docs/operators.md#applicants-payments): events signed with
 * STRIPE_WEBHOOK_SECRET in their Stripe-Signature, of the four types registered
 * ({@code checkout.session.completed}, {@code checkout.session.async_payment_succeeded},
 * {@code checkout.session.async_payment_failed}, {@code checkout.session.expired}), a
 * {@code checkout.session.completed} of a session not paid yet left to the async_payment
 * event that follows; a forged signature is refused, one whose timestamp is further than
 * PAYMENT_NOTIFICATION_TOLERANCE from the service's clock, before or after, as stale. Any
 * other event is acknowledged and changes nothing, and a signed checkout event whose object
 * is not a Checkout Session is malformed (docs/operators.md#payment-notifications). What
 * each event means for the payment (openapi.yaml#billing: succeeded, failed, an abandoned
 * checkout takes nothing). Events are verified over their raw body, offline: no call
 * reaches Stripe's API here.
 */
class StripeCheckoutTest {

    private static final String SECRET = "whsec_unit_test_secret";
    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final long T = NOW.getEpochSecond();

    private final StripeCheckout stripe = stripe(300);

    /** docs/operators.md#refusals-and-timeouts-of-stripe: which of Stripe's errors are refusals for good. */
    @Test
    void aFourHundredOtherThanRateLimitsAndIdempotencyConflictsIsARefusalForGood() {
        assertThat(StripeCheckout.refusedForGood(new InvalidRequestException("Invalid email address", "customer_email", "req_1",
                "email_invalid", 400, null))).isTrue();
        assertThat(StripeCheckout.refusedForGood(new InvalidRequestException("No such checkout.session", "session", "req_1",
                "resource_missing", 404, null))).isTrue();
        assertThat(StripeCheckout.refusedForGood(new CardException("Declined", "req_1", "card_declined", null, null, null, 402,
                null))).isTrue();
        assertThat(StripeCheckout.refusedForGood(new RateLimitException("Too many requests", null, "req_1", "rate_limit", 429,
                null))).isFalse();
        assertThat(StripeCheckout.refusedForGood(new IdempotencyException("Keys for idempotent requests can only be used with "
                + "the same parameters", "req_1", "idempotency_error", 400))).isFalse();
        assertThat(StripeCheckout.refusedForGood(new InvalidRequestException("Another request is in progress", null, "req_1",
                "idempotency_key_in_use", 409, null))).isFalse();
        assertThat(StripeCheckout.refusedForGood(new ApiException("An unknown error occurred", "req_1", null, 500, null))).isFalse();
        assertThat(StripeCheckout.refusedForGood(new ApiConnectionException("Read timed out"))).isFalse();
        assertThat(StripeCheckout.refusedForGood(new AuthenticationException("Invalid API Key provided", "req_1", null, 401)))
                .as("the service's own key refused: the operator's to fix").isFalse();
        assertThat(StripeCheckout.refusedForGood(new PermissionException("The provided key does not have access", "req_1", null,
                403))).as("a restricted key without the permission").isFalse();
    }

    @Test
    void aCompletedAndPaidSessionIsASucceededPaymentOfItsPaymentIntent() {
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "paid", "pi_1"));

        assertThat(verify(stripe, event, signature(event, T, SECRET)))
                .isEqualTo(new HostedCheckout.Notification("evt_1", "cs_1", HostedCheckout.Kind.SUCCEEDED, "pi_1", null));
    }

    /**
     * A session completed with a payment method that settles later: the async_payment event that follows decides
     * (docs/operators.md#applicants-payments, STRIPE_WEBHOOK_SECRET).
     */
    @Test
    void aCompletedSessionNotPaidYetChangesNothing() {
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "unpaid", "pi_1"));

        assertThat(verify(stripe, event, signature(event, T, SECRET)))
                .isEqualTo(new HostedCheckout.Notification("evt_1", "cs_1", HostedCheckout.Kind.IGNORED, null, null));
    }

    @Test
    void aPaymentThatSettledLaterIsASucceededPayment() {
        String event = event("evt_2", "checkout.session.async_payment_succeeded", session("cs_1", "paid", "pi_1"));

        assertThat(verify(stripe, event, signature(event, T, SECRET)))
                .isEqualTo(new HostedCheckout.Notification("evt_2", "cs_1", HostedCheckout.Kind.SUCCEEDED, "pi_1", null));
    }

    @Test
    void aPaymentThatFailedLaterIsAFailedPayment() {
        String event = event("evt_3", "checkout.session.async_payment_failed", session("cs_1", "unpaid", "pi_1"));

        assertThat(verify(stripe, event, signature(event, T, SECRET)))
                .isEqualTo(new HostedCheckout.Notification("evt_3", "cs_1", HostedCheckout.Kind.FAILED, "pi_1", "payment_failed"));
    }

    @Test
    void anExpiredSessionIsAnAbandonedCheckout() {
        String event = event("evt_4", "checkout.session.expired", session("cs_1", "unpaid", null));

        assertThat(verify(stripe, event, signature(event, T, SECRET)))
                .isEqualTo(new HostedCheckout.Notification("evt_4", "cs_1", HostedCheckout.Kind.EXPIRED, null, null));
    }

    /**
     * Any other event is acknowledged and changes nothing, whatever object it carries
     * (docs/operators.md#payment-notifications).
     */
    @ParameterizedTest
    @ValueSource(strings = {"payment_intent.succeeded", "checkout.session.async_payment_pending", "charge.refunded"})
    void anEventOfAnotherTypeIsIgnored(String type) {
        String event = event("evt_5", type, "{\"id\":\"pi_1\",\"object\":\"payment_intent\",\"status\":\"succeeded\"}");

        assertThat(verify(stripe, event, signature(event, T, SECRET)))
                .isEqualTo(new HostedCheckout.Notification("evt_5", "", HostedCheckout.Kind.IGNORED, null, null));
    }

    @Test
    void anEventSignedWithAnotherSecretOrWithoutASignatureIsForged() {
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "paid", "pi_1"));

        assertRefused(stripe, event, signature(event, T, "whsec_someone_else"), FORGED);
        assertRefused(stripe, event, null, FORGED);
        assertRefused(stripe, event, "t=" + T, FORGED);
    }

    @Test
    void aChangedEventIsForged() {
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "paid", "pi_1"));

        assertRefused(stripe, event.replace("pi_1", "pi_2"), signature(event, T, SECRET), FORGED);
    }

    @ParameterizedTest(name = "signed {0} s from now")
    @ValueSource(longs = {0, -300, 300})
    void anEventSignedWithinTheToleranceIsTaken(long offset) {
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "paid", "pi_1"));

        assertThat(verify(stripe, event, signature(event, T + offset, SECRET)).kind()).isEqualTo(HostedCheckout.Kind.SUCCEEDED);
    }

    /**
     * Stripe's own library would take a timestamp in the future; the service's tolerance holds both ways
     * (docs/operators.md#applicants-payments, PAYMENT_NOTIFICATION_TOLERANCE).
     */
    @ParameterizedTest(name = "signed {0} s from now")
    @ValueSource(longs = {-301, 301, -3600})
    void anEventSignedOutsideTheToleranceIsStale(long offset) {
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "paid", "pi_1"));

        assertRefused(stripe, event, signature(event, T + offset, SECRET), STALE);
    }

    @Test
    void theToleranceIsTheOperatorsSetting() {
        StripeCheckout strict = stripe(60);
        String event = event("evt_1", "checkout.session.completed", session("cs_1", "paid", "pi_1"));

        assertThat(verify(strict, event, signature(event, T - 60, SECRET)).kind()).isEqualTo(HostedCheckout.Kind.SUCCEEDED);
        assertRefused(strict, event, signature(event, T - 61, SECRET), STALE);
    }

    @Test
    void aSignedBodyThatIsNotAnEventIsMalformed() {
        String notJson = "this is not an event";

        assertRefused(stripe, notJson, signature(notJson, T, SECRET), MALFORMED);
    }

    @Test
    void aCheckoutEventWhoseObjectIsNotASessionIsMalformed() {
        String event = event("evt_1", "checkout.session.completed", "{\"id\":\"pi_1\",\"object\":\"payment_intent\"}");

        assertRefused(stripe, event, signature(event, T, SECRET), MALFORMED);
    }

    @Test
    void itsCheckoutPageIsStripes() {
        assertThat(stripe.name()).isEqualTo("stripe");
        assertThat(stripe.checkoutOrigin()).isEqualTo("https://checkout.stripe.com");
    }

    static StripeCheckout stripe(long toleranceSeconds) {
        PaymentSettings settings = new PaymentSettings();
        settings.setStripeSecretKey("sk_test_unit");
        settings.setStripeWebhookSecret(SECRET);
        settings.setNotificationToleranceSeconds(toleranceSeconds);
        return new StripeCheckout(settings, Clock.fixed(NOW, ZoneOffset.UTC), Traces.off(), ServiceMetrics.off());
    }

    private static HostedCheckout.Notification verify(StripeCheckout stripe, String event, String signature) {
        return stripe.verify(name -> name.equals(StripeCheckout.SIGNATURE_HEADER) ? signature : null,
                event.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertRefused(StripeCheckout stripe, String event, String signature,
                                      HostedCheckout.NotificationRefused.Reason reason) {
        assertThatThrownBy(() -> verify(stripe, event, signature))
                .isInstanceOfSatisfying(HostedCheckout.NotificationRefused.class, refused -> assertThat(refused.reason()).isEqualTo(reason));
    }

    /** A Checkout Session as Stripe's events carry it. */
    private static String session(String id, String paymentStatus, String paymentIntent) {
        return "{\"id\":\"" + id + "\",\"object\":\"checkout.session\",\"mode\":\"payment\",\"status\":\"complete\","
                + "\"payment_status\":\"" + paymentStatus + "\",\"amount_total\":2500,\"currency\":\"usd\","
                + "\"client_reference_id\":\"cko_1\",\"payment_intent\":" + (paymentIntent == null ? "null" : "\"" + paymentIntent + "\"")
                + ",\"livemode\":false}";
    }

    private static String event(String id, String type, String object) {
        return "{\"id\":\"" + id + "\",\"object\":\"event\",\"api_version\":\"2025-10-29.clover\",\"created\":" + T
                + ",\"livemode\":false,\"type\":\"" + type + "\",\"data\":{\"object\":" + object + "}}";
    }

    /** The Stripe-Signature of a body signed at {@code timestamp} with {@code secret}, as Stripe signs. */
    static String signature(String body, long timestamp, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
