package io.tenantscreening.billing;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static io.tenantscreening.billing.StripeCheckout.RefundAnswer.ALREADY_REFUNDED;
import static io.tenantscreening.billing.StripeCheckout.RefundAnswer.ASK_AGAIN;
import static io.tenantscreening.billing.StripeCheckout.RefundAnswer.REFUSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * POST /orders/{id}/cancel, rule 6: how Stripe's answers to a refund are taken. Out of
 * reach, 5xx, 409, 429 (rate_limit and lock_timeout), an idempotency error and the
 * service's own key refused (401, 403) are asked again; charge_already_refunded means the
 * money is back (docs/operators.md#refunds-that-fail); every other 4xx is Stripe's last
 * word. A refund.failed, or a refund.updated whose refund failed, is a failed refund of its
 * PaymentIntent; any other refund event changes nothing.
 */
class StripeRefundAnswersTest {

    private static final long T = Instant.parse("2026-11-23T10:00:00Z").getEpochSecond();

    @Test
    void aRefundOfAChargeRefundedBeforeIsMoneyBack() {
        assertThat(StripeCheckout.classify(invalid("charge_already_refunded", 400))).isEqualTo(ALREADY_REFUNDED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"charge_disputed", "resource_missing", "amount_too_large", "parameter_invalid_empty"})
    void anInvalidRequestIsStripesLastWord(String code) {
        assertThat(StripeCheckout.classify(invalid(code, code.equals("resource_missing") ? 404 : 400))).isEqualTo(REFUSED);
    }

    @Test
    void aCardErrorAndAnotherClientErrorAreStripesLastWord() {
        assertThat(StripeCheckout.classify(new CardException("Your card was declined.", "req_1", "card_declined", null,
                "generic_decline", "ch_1", 402, null))).isEqualTo(REFUSED);
        assertThat(StripeCheckout.classify(new ApiException("Gone.", "req_1", null, 410, null))).isEqualTo(REFUSED);
    }

    @Test
    void whatMayPassIsAskedAgain() {
        assertThat(StripeCheckout.classify(new RateLimitException("Too many requests.", null, "req_1", "rate_limit", 429, null)))
                .isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new RateLimitException("Lock timeout.", null, "req_1", "lock_timeout", 429, null)))
                .isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new IdempotencyException("Keys for idempotent requests can only be used with the "
                + "same parameters.", "req_1", null, 400))).isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new ApiException("Conflict.", "req_1", "idempotency_key_in_use", 409, null)))
                .isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new ApiConnectionException("Read timed out"))).isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new ApiException("Internal error.", "req_1", null, 500, null))).isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new ApiException("Unavailable.", "req_1", null, 503, null))).isEqualTo(ASK_AGAIN);
    }

    /** The service's own key refused is the operator's to fix; the refund then goes through. */
    @Test
    void aRefusedKeyIsAskedAgain() {
        assertThat(StripeCheckout.classify(new AuthenticationException("Invalid API Key provided.", "req_1", null, 401)))
                .isEqualTo(ASK_AGAIN);
        assertThat(StripeCheckout.classify(new PermissionException("The provided key does not have the required permissions.",
                "req_1", null, 403))).isEqualTo(ASK_AGAIN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"refund.failed", "refund.updated"})
    void aFailedRefundIsAFailedRefundOfItsPaymentIntent(String type) {
        String event = event("evt_r1", type, refund("re_1", "pi_1", "failed", "expired_or_canceled_card"));

        assertThat(verify(event)).isEqualTo(new HostedCheckout.Notification("evt_r1", "", HostedCheckout.Kind.REFUND_FAILED,
                "pi_1", "expired_or_canceled_card", "re_1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"succeeded", "pending", "requires_action", "canceled"})
    void aRefundUpdatedThatDidNotFailChangesNothing(String status) {
        String event = event("evt_r2", "refund.updated", refund("re_1", "pi_1", status, null));

        assertThat(verify(event)).isEqualTo(new HostedCheckout.Notification("evt_r2", "", HostedCheckout.Kind.IGNORED, null, null));
    }

    @Test
    void aRefundEventWhoseObjectIsNotARefundIsMalformed() {
        String event = event("evt_r3", "refund.failed", "{\"id\":\"pi_1\",\"object\":\"payment_intent\"}");

        assertThatThrownBy(() -> verify(event))
                .isInstanceOfSatisfying(HostedCheckout.NotificationRefused.class, refused ->
                        assertThat(refused.reason()).isEqualTo(HostedCheckout.NotificationRefused.Reason.MALFORMED));
    }

    private static StripeException invalid(String code, int status) {
        return new InvalidRequestException("Stripe says " + code + ".", null, "req_1", code, status, null);
    }

    private static HostedCheckout.Notification verify(String event) {
        String signature = StripeCheckoutTest.signature(event, T, "whsec_unit_test_secret");
        return StripeCheckoutTest.stripe(300).verify(name -> name.equals(StripeCheckout.SIGNATURE_HEADER) ? signature : null,
                event.getBytes(StandardCharsets.UTF_8));
    }

    /** A Refund as Stripe's events carry it (the fields of Stripe's Refund object the service reads, and their neighbours). */
    private static String refund(String id, String paymentIntent, String status, String failureReason) {
        return "{\"id\":\"" + id + "\",\"object\":\"refund\",\"amount\":2500,\"balance_transaction\":\"txn_1\","
                + "\"charge\":\"ch_1\",\"created\":" + T + ",\"currency\":\"usd\",\"metadata\":{},"
                + "\"payment_intent\":\"" + paymentIntent + "\",\"reason\":null,\"receipt_number\":null,"
                + "\"source_transfer_reversal\":null,\"status\":\"" + status + "\",\"transfer_reversal\":null,"
                + "\"failure_reason\":" + (failureReason == null ? "null" : "\"" + failureReason + "\"")
                + (failureReason == null ? "" : ",\"failure_balance_transaction\":\"txn_2\"") + "}";
    }

    private static String event(String id, String type, String object) {
        return "{\"id\":\"" + id + "\",\"object\":\"event\",\"api_version\":\"2026-07-29.dahlia\",\"created\":" + T
                + ",\"livemode\":false,\"type\":\"" + type + "\",\"data\":{\"object\":" + object + "}}";
    }
}
