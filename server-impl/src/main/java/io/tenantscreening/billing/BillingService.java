package io.tenantscreening.billing;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Mode;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Optional;

/**
 * Charges live orders that the organisation pays for, at the configured price: through the
 * payment gateway, or onto the invoice for invoiced organisations. Test mode and
 * applicant-paid orders are never charged. Every charge is stored, in the order's
 * transaction.
 */
@Singleton
public class BillingService {

    private final PaymentGateway gateway;
    private final PriceList prices;
    private final ChargeRepository charges;
    private final OrganizationService organizations;

    public BillingService(PaymentGateway gateway, PriceList prices, ChargeRepository charges,
                          OrganizationService organizations) {
        this.gateway = gateway;
        this.prices = prices;
        this.charges = charges;
        this.organizations = organizations;
    }

    /** Whether the organisation is billed on invoice rather than charged per order. */
    @Transactional
    public boolean invoiced(String organizationId) {
        return organizations.require(organizationId).billing().invoiced();
    }

    /**
     * Charges the organisation for an order it pays for; empty when nothing is charged (test
     * mode). {@code chargeId} must be the same for every attempt at the same order (derive
     * it from the Idempotency-Key): it is the gateway's idempotency key, so an attempt whose
     * transaction failed after the gateway charged is not charged twice when retried.
     * Throws {@link PaymentRefused} when the gateway refuses, which leaves the surrounding
     * transaction usable: the caller decides what to undo.
     */
    @Transactional(noRollbackFor = PaymentRefused.class)
    public Optional<Charge> chargeOrder(Caller caller, String chargeId, String orderId, String packageSlug,
                                        Collection<String> addOns) {
        if (caller.mode() == Mode.TEST) {
            return Optional.empty();
        }
        String id = chargeId;
        long amount = prices.price(packageSlug, addOns);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Charge charge;
        if (invoiced(caller.organizationId())) {
            charge = new Charge(id, caller.organizationId(), orderId, amount, prices.getCurrency(), "invoice", null, null, now);
        } else {
            PaymentGateway.Outcome outcome = gateway.charge(
                    new PaymentGateway.ChargeAttempt(id, caller.organizationId(), amount, prices.getCurrency()));
            if (outcome instanceof PaymentGateway.Refused refused) {
                throw new PaymentRefused(refused.reason());
            }
            charge = new Charge(id, caller.organizationId(), orderId, amount, prices.getCurrency(), "card", gateway.name(),
                    ((PaymentGateway.Charged) outcome).gatewayReference(), now);
        }
        charges.insert(charge);
        return Optional.of(charge);
    }
}
