package io.tenantscreening.billing;

import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The built-in payment gateway answers a card charge from the payment method state an
 * operator set (docs/operators.md#the-operator-command-line, {@code billing set}: "ok
 * succeeds; the others answer 402 no_payment_method, card_declined and
 * authentication_required"); the state's outcome is what the gateway records, and what it
 * answers again when asked about the same charge.
 */
class BuiltInGatewayTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "NONE,          no_payment_method",
            "DECLINED,      card_declined",
            "AUTH_REQUIRED, authentication_required"})
    void aStateOtherThanOkIsRefusedWithItsCode(PaymentMethod method, String code) {
        PaymentGateway.Outcome outcome = BuiltInGateway.outcome(BuiltInGateway.outcome(method), null);

        assertThat(outcome).isInstanceOfSatisfying(PaymentGateway.Refused.class,
                refused -> assertThat(refused.reason().code()).isEqualTo(code));
    }

    @Test
    void anOkCardIsChargedAndTheChargeNamesThePayment() {
        PaymentGateway.Outcome outcome = BuiltInGateway.outcome(BuiltInGateway.outcome(PaymentMethod.OK), "pay_123");

        assertThat(outcome).isEqualTo(new PaymentGateway.Charged("pay_123"));
    }

    /** Every state has its own outcome, so what was recorded tells which state answered. */
    @Test
    void everyStateHasItsOwnRecordedOutcome() {
        assertThat(Arrays.stream(PaymentMethod.values()).map(BuiltInGateway::outcome)).doesNotHaveDuplicates()
                .hasSize(PaymentMethod.values().length);
    }

    @Test
    void aRecordedOutcomeTheGatewayNeverWritesIsAnError() {
        assertThatThrownBy(() -> BuiltInGateway.outcome("maybe", null)).isInstanceOf(IllegalArgumentException.class);
    }
}
