package io.tenantscreening.billing;

import io.tenantscreening.errors.ErrorEntry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A refused charge is {@code 402} with the reason's code (POST /orders, rule 9, and its
 * Billing paragraph: "no payment method on file is 402 no_payment_method, a declined card
 * 402 card_declined, a card that needs interactive authentication 402
 * authentication_required"; openapi.yaml#billing), and tells the client to retry with a new
 * key, since the stored {@code 402} would be replayed (POST /orders, rule 7).
 */
class PaymentRefusedTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "NO_PAYMENT_METHOD,       no_payment_method",
            "CARD_DECLINED,           card_declined",
            "AUTHENTICATION_REQUIRED, authentication_required"})
    void eachRefusalIsA402WithItsOwnCode(PaymentGateway.Refusal reason, String code) {
        PaymentRefused refused = new PaymentRefused(reason);

        assertThat(refused.status().getCode()).isEqualTo(402);
        assertThat(refused.errors()).extracting(ErrorEntry::code).containsExactly(code);
        assertThat(reason.code()).isEqualTo(code);
    }

    @ParameterizedTest
    @EnumSource(PaymentGateway.Refusal.class)
    void everyRefusalSaysToRetryWithANewIdempotencyKey(PaymentGateway.Refusal reason) {
        assertThat(new PaymentRefused(reason).errors()).singleElement()
                .satisfies(error -> assertThat(error.detail()).endsWith("retry with a new Idempotency-Key."));
    }
}
