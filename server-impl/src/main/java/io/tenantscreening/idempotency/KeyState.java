package io.tenantscreening.idempotency;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Where an Idempotency-Key stands, and the moves between its states: the one place that
 * says which moves the protocol may make from where. The store makes each move with a
 * conditional statement, so two requests racing for one move cannot both make it.
 */
public enum KeyState {

    /** No request holds or answered the key: never used, or freed after an answer that is not kept. */
    FREE,
    /** A request holds the key under a lease that has not run out: others wait for its answer. */
    HELD,
    /** The holder's lease ran out (it crashed, or gave up after a failure): the next request takes it over. */
    ABANDONED,
    /** The answer is stored: every later request with the key gets it again. */
    ANSWERED;

    /** The moves between states: each names the states it may start from and the state it leads to. */
    public enum Move {
        /** A request inserts the key and holds it. */
        CLAIM(EnumSet.of(KeyState.FREE), HELD),
        /** A request takes over a key whose holder's lease ran out. */
        TAKE_OVER(EnumSet.of(ABANDONED), HELD),
        /** The holder ends its lease at once after an unexpected failure, so the next request resumes at once. */
        RELEASE(EnumSet.of(HELD, ABANDONED), ABANDONED),
        /** The holder stores its answer; a holder whose lease ran out may still answer while no other has. */
        ANSWER(EnumSet.of(HELD, ABANDONED), ANSWERED),
        /** The holder ended in an answer that is not kept: the key is free for the next request. */
        FREE(EnumSet.of(HELD, ABANDONED), KeyState.FREE);

        private final Set<KeyState> from;
        private final KeyState to;

        Move(Set<KeyState> from, KeyState to) {
            this.from = from;
            this.to = to;
        }
    }

    /** The state of a stored key (empty: none stored) at {@code now}. */
    public static KeyState of(Optional<KeyStore.Stored> stored, Instant now) {
        if (stored.isEmpty()) {
            return FREE;
        }
        if (stored.get().answer() != null) {
            return ANSWERED;
        }
        return stored.get().leaseEnds().isAfter(now) ? HELD : ABANDONED;
    }

    public boolean allows(Move move) {
        return move.from.contains(this);
    }

    /** The state this move leads to; a move this state does not allow is a fault of the caller. */
    public KeyState after(Move move) {
        if (!allows(move)) {
            throw new IllegalStateException("an Idempotency-Key that is " + this + " cannot " + move);
        }
        return move.to;
    }
}
