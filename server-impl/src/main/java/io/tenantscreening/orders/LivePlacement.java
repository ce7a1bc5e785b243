package io.tenantscreening.orders;

import io.tenantscreening.billing.BillingService;
import io.tenantscreening.billing.ChargePlan;
import io.tenantscreening.billing.PaymentGateway;
import io.tenantscreening.common.Tenant;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * A live order's placement while a request holds its Idempotency-Key: the checked request,
 * the charge recorded for it (null when the organisation does not pay), the screening policy
 * found to apply when its claim checked it (null when this holder resumed the placement and
 * did not check it), what the gateway answered, and the phase it has reached.
 */
final class LivePlacement {

    /** The phases of a placement; {@link #MOVES} says which follow which. */
    enum Phase {
        /** The key is held, the request checked, its charge recorded as pending (if any). */
        CLAIMED,
        /** The gateway took the card charge. */
        COLLECTED,
        /** The gateway refused the card charge. */
        DECLINED,
        /** The order exists, its charge is booked, the key answers 201. */
        PLACED,
        /** The refused charge is booked, the key answers 402; no order. */
        REFUSED,
        /** Another holder of the key answered it first: this holder's order was rolled back. */
        SUPERSEDED,
        /** The order could not be created: a collected charge refunded, a pending one dropped, the key freed. */
        UNDONE;

        private static final Map<Phase, Set<Phase>> MOVES = Map.of(
                CLAIMED, EnumSet.of(COLLECTED, DECLINED, PLACED, SUPERSEDED, UNDONE),
                COLLECTED, EnumSet.of(PLACED, SUPERSEDED, UNDONE),
                DECLINED, EnumSet.of(REFUSED, SUPERSEDED),
                PLACED, EnumSet.noneOf(Phase.class),
                REFUSED, EnumSet.noneOf(Phase.class),
                SUPERSEDED, EnumSet.noneOf(Phase.class),
                UNDONE, EnumSet.noneOf(Phase.class));

        boolean allows(Phase next) {
            return MOVES.get(this).contains(next);
        }

        /** The next phase; a move this phase does not allow is a fault of the caller. */
        Phase then(Phase next) {
            if (!allows(next)) {
                throw new IllegalStateException("a placement that is " + this + " cannot become " + next);
            }
            return next;
        }
    }

    private final Tenant tenant;
    private final String key;
    private final PlaceOrder command;
    private final BillingService.Recorded charge;
    private Phase phase = Phase.CLAIMED;
    private OrderParties.AppliedPolicy policy;
    private PaymentGateway.Outcome collected;

    LivePlacement(Tenant tenant, String key, PlaceOrder command, BillingService.Recorded charge) {
        this.tenant = tenant;
        this.key = key;
        this.command = command;
        this.charge = charge;
    }

    Tenant tenant() {
        return tenant;
    }

    String key() {
        return key;
    }

    PlaceOrder command() {
        return command;
    }

    /** The screening policy the claim's check found to apply; null when this holder resumed the placement. */
    OrderParties.AppliedPolicy policy() {
        return policy;
    }

    void policy(OrderParties.AppliedPolicy found) {
        policy = found;
    }

    BillingService.Recorded charge() {
        return charge;
    }

    String chargeId() {
        return charge == null ? null : charge.id();
    }

    ChargePlan plan() {
        return charge == null ? ChargePlan.NONE : charge.plan();
    }

    Phase phase() {
        return phase;
    }

    /** What the gateway answered for the card charge; null unless it was asked. */
    PaymentGateway.Outcome collected() {
        return collected;
    }

    void collected(PaymentGateway.Outcome outcome) {
        moveTo(outcome instanceof PaymentGateway.Charged ? Phase.COLLECTED : Phase.DECLINED);
        collected = outcome;
    }

    void moveTo(Phase next) {
        phase = phase.then(next);
    }
}
