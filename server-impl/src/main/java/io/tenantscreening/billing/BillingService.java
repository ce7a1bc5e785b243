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
import java.util.Optional;

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

    /** A charge recorded as pending: what the gateway is asked to collect, or the invoice line. */
    public record Recorded(String id, ChargePlan plan, long amountCents, String currency) {
    }

    /**
     * Records the charge a live order will need (pending until the order exists), at the
     * price list's price: onto the invoice of an organisation billed on invoice, by card
     * otherwise, as its billing settings stand (read by the same statement). Empty when the
     * organisation does not pay for the order: test mode, or the applicant pays. The
     * charge's id is also the gateway's idempotency key for a card charge.
     */
    @Transactional
    public Optional<Recorded> recordCharge(Tenant tenant, String packageSlug, Collection<String> addOns, boolean organizationPays) {
        if (tenant.mode() == Mode.TEST || !organizationPays) {
            return Optional.empty();
        }
        String id = PublicIds.newId("ch");
        long amountCents = prices.price(packageSlug, addOns);
        ChargePlan plan = charges.insertPending(tenant, id, amountCents, prices.getCurrency(), gateway.name(), Timestamps.now(clock));
        return Optional.of(new Recorded(id, plan, amountCents, prices.getCurrency()));
    }

    /** A recorded charge read back (a placement taken over after its holder stopped); it must still be pending. */
    @Transactional
    public Recorded pending(Tenant tenant, String chargeId) {
        ChargeRepository.Pending pending = charges.findPending(tenant, chargeId)
                .orElseThrow(() -> new IllegalStateException("charge " + chargeId + " is not pending"));
        return new Recorded(chargeId, pending.plan(), pending.amountCents(), pending.currency());
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
    public void settle(Tenant tenant, ChargePlan plan, String chargeId, PaymentGateway.Outcome collected, String orderId) {
        if (plan != ChargePlan.NONE) {
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
