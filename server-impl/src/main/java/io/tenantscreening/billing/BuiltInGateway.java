package io.tenantscreening.billing;

import io.tenantscreening.common.PublicIds;
import io.tenantscreening.organizations.BillingSettings;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;

/**
 * The gateway the service ships with: no card processor, it answers from the payment
 * method state an operator set for the organisation (none, ok, declined, auth_required).
 */
@Singleton
public class BuiltInGateway implements PaymentGateway {

    private final OrganizationService organizations;

    public BuiltInGateway(OrganizationService organizations) {
        this.organizations = organizations;
    }

    @Override
    public String name() {
        return "builtin";
    }

    @Override
    public Outcome charge(ChargeAttempt attempt) {
        BillingSettings.PaymentMethod method = organizations.require(attempt.organizationId()).billing().paymentMethod();
        return switch (method) {
            case OK -> new Charged(PublicIds.newId("pay"));
            case NONE -> new Refused(Refusal.NO_PAYMENT_METHOD);
            case DECLINED -> new Refused(Refusal.CARD_DECLINED);
            case AUTH_REQUIRED -> new Refused(Refusal.AUTHENTICATION_REQUIRED);
        };
    }
}
