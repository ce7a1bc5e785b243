package io.tenantscreening.billing;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.Collection;

/**
 * Charges live orders that the organisation pays for, at the configured price: by card
 * through the payment gateway, or onto the invoice for invoiced organisations. Test mode
 * and applicant-paid orders are never charged. A charge is recorded (pending) before the
 * gateway is asked, and the gateway is asked outside any transaction, so no database lock
 * or connection is held while a processor answers, and a charge made just before a crash
 * is still on record. Every charge, refused and refunded ones included, is a row of charges.
 */
@Singleton
public class BillingService {

    private final PaymentGateway gateway;
    private final PriceList prices;
    private final ChargeRepository charges;
    private final OrganizationService organizations;
    private final Clock clock;

    public BillingService(PaymentGateway gateway, PriceList prices, ChargeRepository charges, OrganizationService organizations,
                          Clock clock) {
        this.gateway = gateway;
        this.prices = prices;
        this.charges = charges;
        this.organizations = organizations;
        this.clock = clock;
    }

    /** Whether the organisation is billed on invoice rather than charged per order. */
    @Transactional
    public boolean invoiced(String organizationId) {
        return organizations.require(organizationId).billing().invoiced();
    }

    /** How an order is paid: decided once, when it is placed. */
    @Transactional
    public ChargePlan plan(Tenant tenant, String packageSlug, Collection<String> addOns, boolean organizationPays) {
        if (tenant.mode() == Mode.TEST || !organizationPays) {
            return ChargePlan.NONE;
        }
        ChargePlan.Method method = invoiced(tenant.organizationId()) ? ChargePlan.Method.INVOICE : ChargePlan.Method.CARD;
        return new ChargePlan(method, prices.price(packageSlug, addOns), prices.getCurrency());
    }

    /** A charge recorded as pending: what the gateway is asked to collect. */
    public record Recorded(String id, long amountCents, String currency) {
    }

    /**
     * Records the charge an order will need (pending until the order exists); its id is also
     * the gateway's idempotency key for a card charge.
     */
    @Transactional
    public Recorded recordCharge(Tenant tenant, ChargePlan plan) {
        String id = PublicIds.newId("ch");
        charges.insertPending(tenant, id, plan.method().dbValue(), plan.amountCents(), plan.currency(),
                plan.byCard() ? gateway.name() : null, Timestamps.now(clock));
        return new Recorded(id, plan.amountCents(), plan.currency());
    }

    /** A recorded charge read back (a placement taken over after its holder stopped); it must still be pending. */
    @Transactional
    public Recorded pending(Tenant tenant, String chargeId) {
        ChargeRepository.Pending pending = charges.findPending(tenant, chargeId)
                .orElseThrow(() -> new IllegalStateException("charge " + chargeId + " is not pending"));
        return new Recorded(chargeId, pending.amountCents(), pending.currency());
    }

    /**
     * Asks the gateway for a recorded card charge. Never call it inside a transaction.
     * Asking again for the same charge is safe: the gateway answers with the first outcome.
     */
    public PaymentGateway.Outcome collect(Tenant tenant, Recorded charge) {
        return gateway.charge(new PaymentGateway.ChargeAttempt(charge.id(), tenant.organizationId(), charge.amountCents(),
                charge.currency()));
    }

    /** Books what the order cost, in the order's transaction: the collected card charge, or the invoice line. */
    @Transactional
    public void settle(Tenant tenant, ChargePlan.Method method, String chargeId, PaymentGateway.Outcome collected, String orderId) {
        if (method != ChargePlan.Method.NONE) {
            String reference = collected instanceof PaymentGateway.Charged charged ? charged.gatewayReference() : null;
            charges.markSucceeded(tenant, chargeId, orderId, reference, Timestamps.now(clock));
        }
    }

    @Transactional
    public void refused(Tenant tenant, String chargeId, PaymentGateway.Refusal reason) {
        charges.markRefused(tenant, chargeId, reason.code(), Timestamps.now(clock));
    }

    /** Gives back a collected card charge whose order could not be created after all. Never inside a transaction. */
    public void refundAtGateway(String chargeId) {
        gateway.refund(chargeId);
    }

    /** Books a refund the gateway made, in the transaction that frees the order's key. */
    @Transactional
    public void refunded(Tenant tenant, String chargeId) {
        charges.markRefunded(tenant, chargeId, Timestamps.now(clock));
    }

    /**
     * Drops a charge that was never asked of the gateway: the invoice line of an order that
     * could not be created after all, or a charge recorded for a placement whose key turned
     * out to be taken.
     */
    @Transactional
    public void dropPending(Tenant tenant, String chargeId) {
        charges.deletePending(tenant, chargeId);
    }
}
