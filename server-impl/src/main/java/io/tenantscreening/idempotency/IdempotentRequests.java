package io.tenantscreening.idempotency;

import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.SealingKeys;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The protocol of a request that carries an Idempotency-Key, for any operation that takes
 * one ({@link IdempotentOperation}). The first request claims the key under a lease and
 * carries its work to an answer, which the key keeps for ever (or frees, for an answer not
 * kept). A request that finds the key held waits for that answer; one that finds it
 * answered gets it again; a reused key with another request is a 422. When a holder's lease
 * runs out (it crashed, or gave up after a failure), the next request with the key, or the
 * sweep of abandoned keys, takes the work over and resumes it. Should the first holder
 * still come to answer, the holder that answers second is rolled back and answers what the
 * first stored.
 */
@Singleton
public class IdempotentRequests {

    private static final Logger LOG = LoggerFactory.getLogger(IdempotentRequests.class);
    private static final String DIGEST_PURPOSE = "idempotency-request";
    private static final String HEADER = "Idempotency-Key";
    private static final int SWEEP_BATCH = 100;

    private final TransactionOperations<Connection> transactions;
    private final SealingKeys keys;
    private final Clock clock;
    private final Duration lease;
    private final AtomicInteger waiting = new AtomicInteger();

    public IdempotentRequests(TransactionOperations<Connection> transactions, SealingKeys keys, Clock clock,
                              @Value("${screening.orders.placement-lease}") Duration lease) {
        this.transactions = transactions;
        this.keys = keys;
        this.clock = clock;
        this.lease = lease;
    }

    /**
     * Answers a request with this key. {@code canonicalRequest} is the request in a normal
     * form: it decides whether a reused key comes with the same request.
     */
    public <W, R> R handle(Tenant tenant, String key, String canonicalRequest, IdempotentOperation<W, R> operation) {
        while (true) {
            Optional<W> claimed = transactions.executeWrite(status -> {
                KeyRing.Key sealing = keys.forSealing();
                Instant now = Timestamps.now(clock);
                return operation.claim(tenant, key, new Claim(digest(sealing, canonicalRequest), sealing.id(), now, now.plus(lease)));
            });
            if (claimed.isPresent()) {
                return proceed(tenant, key, claimed.get(), operation);
            }
            Optional<R> answered = await(tenant, key, canonicalRequest, operation);
            if (answered.isPresent()) {
                return answered.get();
            }
        }
    }

    /** How many requests of this instance wait now for another request that holds their key. */
    public int waiting() {
        return waiting.get();
    }

    /**
     * Resumes the work of keys whose holders are gone (their leases ran out), so that work
     * begun just before a crash ends in its answer even when no client retries. Takes up to
     * a batch at a time (the sweep runs again for the rest); answers how many it resumed.
     */
    public <W, R> int resumeAbandoned(IdempotentOperation<W, R> operation) {
        int resumed = 0;
        for (KeyStore.Abandoned abandoned
                : transactions.executeRead(status -> operation.keys().abandoned(Timestamps.now(clock), SWEEP_BATCH))) {
            Tenant tenant = abandoned.tenant();
            try {
                if (takeOver(tenant, abandoned.key(), operation)
                        .map(work -> proceed(tenant, abandoned.key(), work, operation)).isPresent()) {
                    resumed++;
                }
            } catch (ApiException refused) {
                LOG.info("abandoned Idempotency-Key {} of {} ended without an answer to keep: {}", abandoned.key(),
                        tenant.organizationId(), refused.errors().get(0).code());
            } catch (RuntimeException e) {
                LOG.error("abandoned Idempotency-Key {} of {} could not be resumed", abandoned.key(), tenant.organizationId(), e);
            }
        }
        return resumed;
    }

    /**
     * Carries claimed work to its answer. After a refusal that is not kept, the answer of
     * another holder that answered meanwhile stands (what it created can be the cause of the
     * refusal); otherwise the work is undone. After an unexpected failure the lease ends, so
     * the next request resumes the work at once.
     */
    private <W, R> R proceed(Tenant tenant, String key, W work, IdempotentOperation<W, R> operation) {
        try {
            return operation.run(work).orElseGet(() -> answeredByAnotherHolder(tenant, key, operation)
                    .orElseThrow(() -> new IllegalStateException("the Idempotency-Key is gone")));
        } catch (ApiException refusal) {
            Optional<R> answered = answeredByAnotherHolder(tenant, key, operation);
            if (answered.isPresent()) {
                return answered.get();
            }
            operation.undo(work);
            throw refusal;
        } catch (RuntimeException failure) {
            transactions.executeWrite(status -> {
                operation.keys().release(tenant, key, Timestamps.now(clock));
                return null;
            });
            throw failure;
        }
    }

    private <W, R> Optional<R> answeredByAnotherHolder(Tenant tenant, String key, IdempotentOperation<W, R> operation) {
        return transactions.executeRead(status -> operation.keys().find(tenant, key)
                .filter(stored -> stored.answer() != null)
                .map(stored -> operation.replay(tenant, stored.answer())));
    }

    /**
     * Waits while another request holds the key, then answers what it stored, or takes the
     * work over when the holder's lease has run out. Empty when the key was freed: the
     * caller claims it again. While it waits, the request counts in {@link #waiting()}.
     */
    private <W, R> Optional<R> await(Tenant tenant, String key, String canonicalRequest, IdempotentOperation<W, R> operation) {
        long pauseMillis = 10;
        boolean sameRequest = false;
        boolean counted = false;
        try {
            while (true) {
                Optional<KeyStore.Stored> found = transactions.executeRead(status -> operation.keys().find(tenant, key));
                KeyState state = KeyState.of(found, Timestamps.now(clock));
                if (state != KeyState.FREE && !sameRequest) {
                    requireSameRequest(found.get(), canonicalRequest);
                    sameRequest = true;
                }
                switch (state) {
                    case FREE -> {
                        return Optional.empty();
                    }
                    case ANSWERED -> {
                        return Optional.of(transactions.executeRead(status -> operation.replay(tenant, found.get().answer())));
                    }
                    case HELD -> {
                        if (!counted) {
                            waiting.incrementAndGet();
                            counted = true;
                        }
                        pause(pauseMillis);
                        pauseMillis = Math.min(pauseMillis * 2, 200);
                    }
                    case ABANDONED -> {
                        Optional<W> taken = takeOver(tenant, key, operation);
                        if (taken.isPresent()) {
                            if (counted) {
                                waiting.decrementAndGet();
                                counted = false;
                            }
                            return Optional.of(proceed(tenant, key, taken.get(), operation));
                        }
                    }
                }
            }
        } finally {
            if (counted) {
                waiting.decrementAndGet();
            }
        }
    }

    /** Takes over a key whose holder's lease ran out; empty when it is no longer abandoned (another taker was first). */
    private <W, R> Optional<W> takeOver(Tenant tenant, String key, IdempotentOperation<W, R> operation) {
        return transactions.executeWrite(status -> {
            Optional<KeyStore.Stored> found = operation.keys().find(tenant, key);
            Instant now = Timestamps.now(clock);
            if (!KeyState.of(found, now).allows(KeyState.Move.TAKE_OVER)
                    || !operation.keys().takeOver(tenant, key, found.get().leaseEnds(), now.plus(lease))) {
                return Optional.empty();
            }
            return Optional.of(operation.resume(tenant, key));
        });
    }

    private void requireSameRequest(KeyStore.Stored stored, String canonicalRequest) {
        if (!MessageDigest.isEqual(digest(keys.get(stored.digestKeyId()), canonicalRequest), stored.requestDigest())) {
            throw ApiException.invalid(ErrorSource.header(HEADER),
                    "This Idempotency-Key was already used with a different request body. Send a new key for a new request.");
        }
    }

    private static byte[] digest(KeyRing.Key key, String canonicalRequest) {
        return Hmac.sha256(key.derive(DIGEST_PURPOSE), canonicalRequest.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Sleeps, as a managed block: the request threads are a fork-join pool as wide as the
     * requests worked on at once ({@code REQUEST_THREADS}), and it lends another thread while
     * this one waits, so requests waiting on other requests never hold up the rest.
     */
    private static void pause(long millis) {
        try {
            ForkJoinPool.managedBlock(new Sleep(millis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another request with the same Idempotency-Key", e);
        }
    }

    /** A sleep that a fork-join pool can compensate for. */
    private static final class Sleep implements ForkJoinPool.ManagedBlocker {
        private final long millis;
        private boolean done;

        Sleep(long millis) {
            this.millis = millis;
        }

        @Override
        public boolean block() throws InterruptedException {
            Thread.sleep(millis);
            done = true;
            return true;
        }

        @Override
        public boolean isReleasable() {
            return done;
        }
    }
}
