package io.tenantscreening.idempotency;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;

import static io.tenantscreening.idempotency.KeyState.ABANDONED;
import static io.tenantscreening.idempotency.KeyState.ANSWERED;
import static io.tenantscreening.idempotency.KeyState.FREE;
import static io.tenantscreening.idempotency.KeyState.HELD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * POST /orders, rule 7 (one order per key), under the protocol of
 * docs/design.md#the-idempotent-request: the moves of a key between its states.
 */
class KeyStateTest {

    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    @Test
    void aStoredKeyIsHeldUntilItsLeaseEndsThenAbandonedAndAnsweredOnceItHasAnAnswer() {
        assertThat(KeyState.of(Optional.empty(), NOW)).isEqualTo(FREE);
        assertThat(KeyState.of(Optional.of(stored(NOW.plusMillis(1), null)), NOW)).isEqualTo(HELD);
        assertThat(KeyState.of(Optional.of(stored(NOW, null)), NOW)).isEqualTo(ABANDONED);
        assertThat(KeyState.of(Optional.of(stored(null, new KeyStore.Answer(201, "{}", "ord_1"))), NOW)).isEqualTo(ANSWERED);
    }

    @Test
    void theAllowedMovesLeadWhereTheProtocolExpects() {
        assertThat(FREE.after(KeyState.Move.CLAIM)).isEqualTo(HELD);
        assertThat(ABANDONED.after(KeyState.Move.TAKE_OVER)).isEqualTo(HELD);
        for (KeyState holder : new KeyState[]{HELD, ABANDONED}) {
            assertThat(holder.after(KeyState.Move.RELEASE)).isEqualTo(ABANDONED);
            assertThat(holder.after(KeyState.Move.ANSWER)).isEqualTo(ANSWERED);
            assertThat(holder.after(KeyState.Move.FREE)).isEqualTo(FREE);
        }
    }

    @Test
    void everyOtherMoveIsRefused() {
        assertRefused(FREE, KeyState.Move.TAKE_OVER, KeyState.Move.RELEASE, KeyState.Move.ANSWER, KeyState.Move.FREE);
        assertRefused(HELD, KeyState.Move.CLAIM, KeyState.Move.TAKE_OVER);
        assertRefused(ABANDONED, KeyState.Move.CLAIM);
        assertRefused(ANSWERED, KeyState.Move.values());
    }

    private static void assertRefused(KeyState state, KeyState.Move... moves) {
        for (KeyState.Move move : moves) {
            assertThat(state.allows(move)).as("%s allows %s", state, move).isFalse();
            assertThatThrownBy(() -> state.after(move)).isInstanceOf(IllegalStateException.class);
        }
    }

    private static KeyStore.Stored stored(Instant leaseEnds, KeyStore.Answer answer) {
        return new KeyStore.Stored(new byte[32], "k1", leaseEnds, answer);
    }
}
