package io.tenantscreening.adverse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.idempotency.Claim;
import io.tenantscreening.idempotency.IdempotentOperation;
import io.tenantscreening.idempotency.KeyStore;
import jakarta.inject.Singleton;

import java.io.UncheckedIOException;
import java.sql.Connection;
import java.util.Optional;

/**
 * Taking a live adverse action as the operation of an Idempotency-Key. The claim only
 * holds the key, with the request beside it; the adverse action, its first notice, its
 * events and the key's answer are then written in one transaction, so a key is answered
 * exactly when its adverse action exists, and no second notice is ever made for one key.
 * A refusal (404, 422) frees the key. A request that takes the key over (its holder died
 * before answering) takes the adverse action from the stored request.
 */
@Singleton
class IdempotentAdverseActions {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AdverseActionKeys keys;
    private final AdverseActionLifecycle lifecycle;
    private final AdverseActionMapper mapper;
    private final TransactionOperations<Connection> transactions;

    IdempotentAdverseActions(AdverseActionKeys keys, AdverseActionLifecycle lifecycle, AdverseActionMapper mapper,
                             TransactionOperations<Connection> transactions) {
        this.keys = keys;
        this.lifecycle = lifecycle;
        this.mapper = mapper;
        this.transactions = transactions;
    }

    /** What a holder of a key carries from its claim to its answer. */
    record Work(Tenant tenant, String key, TakeAdverseAction command) {
    }

    /** The operation for this request; the sweep of abandoned keys passes no command (it resumes stored ones). */
    IdempotentOperation<Work, AdverseActionService.Taken> of(TakeAdverseAction command) {
        return new Operation(command);
    }

    private final class Operation implements IdempotentOperation<Work, AdverseActionService.Taken> {

        private final TakeAdverseAction command;

        Operation(TakeAdverseAction command) {
            this.command = command;
        }

        @Override
        public KeyStore keys() {
            return keys;
        }

        @Override
        public Optional<Work> claim(Tenant tenant, String key, Claim claim) {
            return keys.claim(tenant, key, claim, write(command)) ? Optional.of(new Work(tenant, key, command)) : Optional.empty();
        }

        @Override
        public Work resume(Tenant tenant, String key) {
            String stored = keys.request(tenant, key).orElseThrow(() -> new IllegalStateException("the key taken over is answered"));
            return new Work(tenant, key, read(stored));
        }

        /** The key is answered only while it has none: a request that took it over may have answered first. */
        @Override
        public Optional<AdverseActionService.Taken> run(Work work) {
            return transactions.executeWrite(status -> {
                AdverseAction action = lifecycle.take(work.tenant(), work.command());
                if (!keys.answer(work.tenant(), work.key(), new KeyStore.Answer(201, mapper.json(action), action.id()))) {
                    status.setRollbackOnly();
                    return Optional.empty();
                }
                return Optional.of(new AdverseActionService.Created(action));
            });
        }

        @Override
        public void undo(Work work) {
            transactions.executeWrite(status -> {
                keys.free(work.tenant(), work.key());
                return null;
            });
        }

        @Override
        public AdverseActionService.Taken replay(Tenant tenant, KeyStore.Answer answer) {
            return new AdverseActionService.Replayed(answer.body());
        }
    }

    /** The request as its key keeps it while unanswered, for a request that takes the key over. */
    static String write(TakeAdverseAction command) {
        try {
            return JSON.writeValueAsString(command);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TakeAdverseAction read(String stored) {
        try {
            return JSON.readValue(stored, TakeAdverseAction.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
