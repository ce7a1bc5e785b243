package io.tenantscreening.idempotency;

import io.tenantscreening.common.Tenant;

import java.util.Optional;

/**
 * An operation that takes an Idempotency-Key, as {@link IdempotentRequests} runs it: what it
 * does when it claims a key, resumes one taken over, carries its work to an answer, undoes
 * it after a refusal, and answers with what a key stored.
 *
 * @param <W> the claimed work: what a holder of the key carries from its claim to its answer
 * @param <R> the operation's answer
 */
public interface IdempotentOperation<W, R> {

    /** The operation's stored keys. */
    KeyStore keys();

    /**
     * In the claim's transaction: claims the key ({@link KeyState.Move#CLAIM}, as the claim
     * says) together with whatever the operation records for its work, and checks the
     * request against stored state. Empty when the key is already used. An
     * {@code ApiException} rolls the claim back: nothing is kept.
     */
    Optional<W> claim(Tenant tenant, String key, Claim claim);

    /** In the transaction that took the key over: the work its earlier holder claimed, read back. */
    W resume(Tenant tenant, String key);

    /**
     * Carries the work to its answer, storing it with {@link KeyStore#answer} in the
     * transaction of what it answers. Empty when another holder answered the key first;
     * this holder's effects are then rolled back. An {@code ApiException} is an answer that
     * is not kept: {@link #undo} follows.
     */
    Optional<R> run(W work);

    /** After a refusal that is not kept: gives back what the work did and frees the key, in one transaction. */
    void undo(W work);

    /** The answer a key stored, as this operation answers a repeated request. In a transaction. */
    R replay(Tenant tenant, KeyStore.Answer answer);
}
