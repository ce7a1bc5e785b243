package io.tenantscreening.idempotency;

import io.tenantscreening.common.Tenant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The stored Idempotency-Keys of one operation, as the protocol of {@link IdempotentRequests}
 * reads and moves them. Each move is one conditional statement, so that of two requests
 * racing for it only one makes it. The operation claims a key itself (its claim carries
 * what the operation needs to resume), and answers or frees it in its own transactions.
 * The claim's digest ({@link Claim}) is kept, to tell a repeated request from another.
 */
public interface KeyStore {

    /** A stored key: the digest of the request that claimed it, its lease (while held) and its answer (once answered). */
    record Stored(byte[] requestDigest, String digestKeyId, Instant leaseEnds, Answer answer) {
    }

    /** What a key answers for ever: the status and body of the answer, and the id of what it created (or null). */
    record Answer(int status, String body, String createdId) {
    }

    /** A key whose holder's lease ran out, found by the sweep. */
    record Abandoned(Tenant tenant, String key) {
    }

    Optional<Stored> find(Tenant tenant, String key);

    /** {@link KeyState.Move#TAKE_OVER}: false when another taker was first (the lease differs) or the key was answered. */
    boolean takeOver(Tenant tenant, String key, Instant expiredLease, Instant leaseEnds);

    /** {@link KeyState.Move#RELEASE}: the lease ends now. */
    void release(Tenant tenant, String key, Instant now);

    /** {@link KeyState.Move#ANSWER}, in the transaction of what the answer says: false when the key already has an answer. */
    boolean answer(Tenant tenant, String key, Answer answer);

    /** {@link KeyState.Move#FREE}, in the transaction that undoes what the holder did. */
    void free(Tenant tenant, String key);

    /** Keys of any tenant whose lease ran out before {@code now}, oldest first. */
    List<Abandoned> abandoned(Instant now, int limit);
}
