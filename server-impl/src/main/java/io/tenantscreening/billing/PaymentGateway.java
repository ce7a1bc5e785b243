package io.tenantscreening.billing;

import java.util.Locale;

/**
 * Charges an organisation's saved payment method. One implementation is active; the
 * built-in one follows the billing state operators set. The service never calls a gateway
 * inside a database transaction. {@link ChargeAttempt#reference()} is the processor's
 * idempotency key: the service repeats a charge with the same reference when it cannot
 * know whether the first call went through, and a gateway must then answer with the first
 * outcome rather than charge again. A gateway is called on the request threads, which work
 * on a bounded number of requests at once ({@code RequestThreads}): one that answers over
 * the network waits inside {@link java.util.concurrent.ForkJoinPool#managedBlock}, so that
 * the pool lends another thread meanwhile (the built-in one runs one statement on the
 * service's own database, a wait like any other statement's).
 */
public interface PaymentGateway {

    /** Short name stored with each charge. */
    String name();

    Outcome charge(ChargeAttempt attempt);

    /** Gives back the money of a charge that succeeded; repeating it is harmless. */
    void refund(String reference);

    /** One charge to make: our charge id, stable across retries of one attempt, is the processor's idempotency key. */
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
        NO_PAYMENT_METHOD, CARD_DECLINED, AUTHENTICATION_REQUIRED;

        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
