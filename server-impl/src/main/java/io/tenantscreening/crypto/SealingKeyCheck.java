package io.tenantscreening.crypto;

import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.Environments;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * When the service starts (made by BackgroundStart, once the migrations are done): refuses to start when SCREENING_KEYS lacks a key that sealed
 * stored data (SSNs, application links, idempotency digests), since that data would fail on
 * every read instead of once, here, with the reason. It records nothing; the operator
 * command line does not run it.
 */
@Singleton
@Requires(notEnv = Environments.OPERATOR)
public class SealingKeyCheck {

    private final KeyRing keys;
    private final SealingKeyRepository repository;

    public SealingKeyCheck(KeyRing keys, SealingKeyRepository repository) {
        this.keys = keys;
        this.repository = repository;
    }

    @PostConstruct
    void requireEveryKeyThatSealedData() {
        List<String> missing = repository.recordedIds().stream().filter(id -> !keys.has(id)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("SCREENING_KEYS lacks the key(s) " + String.join(", ", missing)
                    + " that sealed stored data; list them after the active key.");
        }
    }
}
