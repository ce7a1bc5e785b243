package io.tenantscreening.billing;

/**
 * Charges an organisation's saved payment method. One implementation is active; the
 * built-in one follows the billing state operators set. A real card processor would be
 * another implementation, passing {@link ChargeAttempt#reference()} as the processor's
 * idempotency key: the reference is the same for every attempt at one order.
 */
public interface PaymentGateway {

    /** Short name stored with each charge. */
    String name();

    Outcome charge(ChargeAttempt attempt);

    /** One charge to make: our charge id, stable across retries of one order, is the processor's idempotency key. */
    record ChargeAttempt(String reference, String organizationId, long amountCents, String currency) {
    }

    /** What the gateway answered. */
    sealed interface Outcome permits Charged, Refused {
    }

    /** The money was taken; {@code gatewayReference} identifies the payment at the gateway. */
    record Charged(String gatewayReference) implements Outcome {
    }

    /** The charge was refused, for this reason. */
    record Refused(Refusal reason) implements Outcome {
    }

    /** Why a charge was refused; each is one 402 code of the API. */
    enum Refusal {
        NO_PAYMENT_METHOD, CARD_DECLINED, AUTHENTICATION_REQUIRED
    }
}
