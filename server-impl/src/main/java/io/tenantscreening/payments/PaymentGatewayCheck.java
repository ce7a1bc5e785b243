package io.tenantscreening.payments;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.Environments;
import jakarta.annotation.PostConstruct;

/**
 * When the service starts: {@code PAYMENT_GATEWAY} must name a gateway that can take
 * applicants' payments (Stripe with both of its keys, outside development), so that a
 * misconfiguration stops the service rather than an applicant at the pay button. The
 * operator command line, which takes no payments, does not run this.
 */
@Context
@Requires(notEnv = Environments.OPERATOR)
public class PaymentGatewayCheck {

    private final HostedCheckouts gateways;

    public PaymentGatewayCheck(HostedCheckouts gateways) {
        this.gateways = gateways;
    }

    @PostConstruct
    void requireAGatewayThatTakesPayments() {
        gateways.active();
    }
}
