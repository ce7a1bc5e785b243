package io.tenantscreening.orders;

import io.tenantscreening.billing.PaymentGateway;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Set;

import static io.tenantscreening.orders.LivePlacement.Phase.CLAIMED;
import static io.tenantscreening.orders.LivePlacement.Phase.COLLECTED;
import static io.tenantscreening.orders.LivePlacement.Phase.DECLINED;
import static io.tenantscreening.orders.LivePlacement.Phase.PLACED;
import static io.tenantscreening.orders.LivePlacement.Phase.REFUSED;
import static io.tenantscreening.orders.LivePlacement.Phase.SUPERSEDED;
import static io.tenantscreening.orders.LivePlacement.Phase.UNDONE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * POST /orders, rules 7 and 9, in the phases of docs/design.md#the-order-and-its-charge: the
 * phases of a live order's placement with its charge, which follow which, and which never may.
 */
class LivePlacementTest {

    @Test
    void eachPhaseAllowsExactlyTheMovesOfThePlacement() {
        assertMoves(CLAIMED, EnumSet.of(COLLECTED, DECLINED, PLACED, SUPERSEDED, UNDONE));
        assertMoves(COLLECTED, EnumSet.of(PLACED, SUPERSEDED, UNDONE));
        assertMoves(DECLINED, EnumSet.of(REFUSED, SUPERSEDED));
        for (LivePlacement.Phase last : EnumSet.of(PLACED, REFUSED, SUPERSEDED, UNDONE)) {
            assertMoves(last, EnumSet.noneOf(LivePlacement.Phase.class));
        }
    }

    @Test
    void theGatewaysAnswerMovesAClaimedPlacementToCollectedOrDeclined() {
        LivePlacement charged = placement();
        charged.collected(new PaymentGateway.Charged("py_1"));
        LivePlacement declined = placement();
        declined.collected(new PaymentGateway.Refused(PaymentGateway.Refusal.CARD_DECLINED));

        assertThat(charged.phase()).isEqualTo(COLLECTED);
        assertThat(declined.phase()).isEqualTo(DECLINED);
    }

    @Test
    void aDeclinedCardIsNeverPlacedNorRefundedAndAFinishedPlacementNeverMovesAgain() {
        LivePlacement declined = placement();
        declined.collected(new PaymentGateway.Refused(PaymentGateway.Refusal.CARD_DECLINED));

        assertThatThrownBy(() -> declined.moveTo(PLACED)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> declined.moveTo(UNDONE)).isInstanceOf(IllegalStateException.class);
        declined.moveTo(REFUSED);
        assertThatThrownBy(() -> declined.collected(new PaymentGateway.Charged("py_2"))).isInstanceOf(IllegalStateException.class);
        assertThat(declined.phase()).isEqualTo(REFUSED);
    }

    private static void assertMoves(LivePlacement.Phase from, Set<LivePlacement.Phase> allowed) {
        for (LivePlacement.Phase to : LivePlacement.Phase.values()) {
            assertThat(from.allows(to)).as("%s -> %s", from, to).isEqualTo(allowed.contains(to));
            if (!allowed.contains(to)) {
                assertThatThrownBy(() -> from.then(to)).isInstanceOf(IllegalStateException.class);
            } else {
                assertThat(from.then(to)).isEqualTo(to);
            }
        }
    }

    private static LivePlacement placement() {
        return new LivePlacement(new Tenant("org_1", Mode.LIVE), "key-1", null, null);
    }
}
