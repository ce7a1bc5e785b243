package io.tenantscreening.conformance.support;

import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Requires;
import io.tenantscreening.billing.BuiltInGateway;
import io.tenantscreening.billing.PaymentGateway;
import jakarta.inject.Singleton;

/**
 * Exists only in the test run, and only in a service started with
 * TEST_CRASH_AFTER_CHARGE=true: the built-in gateway, except that the process dies as if
 * killed (no shutdown hooks) right after a charge went through at the gateway, before the
 * service could record anything of the answer.
 */
@Singleton
@Primary
@Requires(property = "test.crash-after-charge", value = "true")
public class CrashingGateway implements PaymentGateway {

    private final BuiltInGateway gateway;

    public CrashingGateway(BuiltInGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public String name() {
        return gateway.name();
    }

    @Override
    public Outcome charge(ChargeAttempt attempt) {
        Outcome outcome = gateway.charge(attempt);
        if (outcome instanceof Charged) {
            Runtime.getRuntime().halt(137);
        }
        return outcome;
    }

    @Override
    public void refund(String reference) {
        gateway.refund(reference);
    }
}
