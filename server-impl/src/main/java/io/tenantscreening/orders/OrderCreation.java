package io.tenantscreening.orders;

import io.tenantscreening.billing.PriceList;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.properties.PropertyService;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.Set;

/**
 * Creates an order and the records it brings, in the caller's transaction: its parties,
 * the order itself (waiting for its applicant, with an application token, or pending at
 * once for an ordinary test applicant) and what its first state sets going.
 */
@Singleton
public class OrderCreation {

    private static final String ACTOR_API = "api";

    private final OrderParties parties;
    private final OrderRepository orders;
    private final OrderService reads;
    private final ApplicationTokens tokens;
    private final OrderLifecycle lifecycle;
    private final PriceList prices;
    private final Clock clock;

    public OrderCreation(OrderParties parties, OrderRepository orders, OrderService reads, ApplicationTokens tokens,
                         OrderLifecycle lifecycle, PriceList prices, Clock clock) {
        this.parties = parties;
        this.orders = orders;
        this.reads = reads;
        this.tokens = tokens;
        this.lifecycle = lifecycle;
        this.prices = prices;
        this.clock = clock;
    }

    /** What the applicant of an applicant-paid live order pays on the apply page, at today's prices; null otherwise. */
    private OrderPayment payment(Tenant tenant, PlaceOrder command) {
        if (tenant.mode() != Mode.LIVE || command.payer() != Payer.APPLICANT) {
            return null;
        }
        return new OrderPayment(OrderPayment.Status.PENDING, prices.price(command.packageSlug(), command.addOnProducts()),
                prices.getCurrency());
    }

    /**
     * Checks the request against stored state without creating anything (see {@link OrderParties#check}
     * and {@link OrderParties#policy}); answers the policy that applies.
     */
    OrderParties.AppliedPolicy check(Tenant tenant, PlaceOrder command) {
        parties.check(tenant, command);
        return parties.policy(tenant, command);
    }

    /**
     * Checks the order of a rental application's member against stored state without
     * creating anything, as {@link #check} does (the policy as {@link #createMember} takes
     * it), in the caller's transaction; errors point under {@code /order}, as for
     * {@code POST /orders}.
     */
    public void checkMember(Tenant tenant, PlaceOrder command, boolean policySettled) {
        parties.check(tenant, command);
        parties.policy(tenant, command, policySettled);
    }

    /** Creates the order with the policy found when its request was checked before ({@code foundBefore}), else found now. */
    OrderView create(Tenant tenant, PlaceOrder command, Set<Include> includes, OrderParties.AppliedPolicy foundBefore) {
        return create(tenant, command, includes, foundBefore, null);
    }

    /**
     * Creates the order of a member of the rental application {@code rentalApplicationId}
     * (whose row must exist), in the caller's transaction, as an order placed on its own
     * would be; errors point under {@code /order}, as for {@code POST /orders}. With
     * {@code policySettled} the order gets exactly the policy the command names (none when it
     * names none), the one the application's members share, even if it was archived since.
     */
    public Order createMember(Tenant tenant, PlaceOrder command, String rentalApplicationId, boolean policySettled) {
        return create(tenant, command, Set.of(), policySettled ? parties.policy(tenant, command, true) : null,
                rentalApplicationId).order();
    }

    private OrderView create(Tenant tenant, PlaceOrder command, Set<Include> includes, OrderParties.AppliedPolicy foundBefore,
                             String rentalApplicationId) {
        OrderParties.Parties placed = parties.resolve(tenant, command, foundBefore);
        OrderStatus status = tenant.mode() == Mode.LIVE || placed.applicant().isApplicantExperienceProfile()
                ? OrderStatus.WAITING_FOR_APPLICANT : OrderStatus.PENDING;
        String orderId = PublicIds.newId("ord", tenant.mode());
        LinkTokens.Issued token = status == OrderStatus.WAITING_FOR_APPLICANT ? tokens.issue(orderId) : null;
        Instant now = Timestamps.now(clock);
        Order order = new Order(orderId, tenant.mode(), status, command.packageSlug(), command.addOnProducts(), command.payer(),
                placed.property().id(), placed.applicant().id(), placed.requester() == null ? null : placed.requester().id(),
                token == null ? null : token.seed(), placed.policy() == null ? null : placed.policy().id(), command.monthlyRent(),
                now, status == OrderStatus.PENDING ? now : null, null, null, payment(tenant, command),
                PropertyService.jurisdiction(placed.property()).rules(), rentalApplicationId);
        try {
            orders.insert(tenant, order, token == null ? null : token.digest(), ACTOR_API);
        } catch (Jdbc.DataAccessException e) {
            if (e.violates("orders_applicant_unique")) {
                throw OrderParties.alreadyAttached(placed.applicant().id());
            }
            throw e;
        }
        if (status == OrderStatus.PENDING) {
            lifecycle.createdPending(tenant, order);
        } else {
            lifecycle.createdWaiting(tenant, order, placed.applicant().phoneNumber());
        }
        return reads.view(tenant, order, includes, placed.property(), placed.applicant(), placed.requester());
    }
}
