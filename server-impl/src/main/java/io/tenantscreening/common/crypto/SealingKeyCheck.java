package io.tenantscreening.common.crypto;

import io.micronaut.context.annotation.Context;
import jakarta.annotation.PostConstruct;

import java.util.List;

/**
 * At startup, records the active master key and refuses to start when SCREENING_KEYS
 * lacks a key that was active before: data sealed with it (SSNs, application links,
 * idempotency digests) would fail on every read instead of once, here, with the reason.
 */
@Context
public class SealingKeyCheck {

    private final KeyRing keys;
    private final SealingKeyRepository repository;

    public SealingKeyCheck(KeyRing keys, SealingKeyRepository repository) {
        this.keys = keys;
        this.repository = repository;
    }

    @PostConstruct
    void requireEveryKeyThatSealedData() {
        List<String> missing = repository.recordActive(keys.active().id()).stream()
                .filter(id -> !keys.has(id))
                .toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("SCREENING_KEYS lacks the key(s) " + String.join(", ", missing)
                    + " that sealed stored data; list them after the active key.");
        }
    }
}
