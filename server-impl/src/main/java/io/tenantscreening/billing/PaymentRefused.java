package io.tenantscreening.billing;

import io.micronaut.http.HttpStatus;
import io.tenantscreening.errors.ApiException;

/** A 402: the gateway refused the charge for an order, which therefore must not exist. */
public class PaymentRefused extends ApiException {

    public PaymentRefused(PaymentGateway.Refusal reason) {
        super(HttpStatus.PAYMENT_REQUIRED, code(reason), detail(reason));
    }

    private static String code(PaymentGateway.Refusal reason) {
        return switch (reason) {
            case NO_PAYMENT_METHOD -> "no_payment_method";
            case CARD_DECLINED -> "card_declined";
            case AUTHENTICATION_REQUIRED -> "authentication_required";
        };
    }

    private static String detail(PaymentGateway.Refusal reason) {
        return switch (reason) {
            case NO_PAYMENT_METHOD -> "The organisation has no payment method on file. Add one, then retry with a new "
                    + "Idempotency-Key.";
            case CARD_DECLINED -> "The saved card was declined. Update it, then retry with a new Idempotency-Key.";
            case AUTHENTICATION_REQUIRED -> "The saved card requires interactive authentication and cannot be charged "
                    + "off-session. Replace it with a card that supports off-session payments, then retry with a new "
                    + "Idempotency-Key.";
        };
    }
}
