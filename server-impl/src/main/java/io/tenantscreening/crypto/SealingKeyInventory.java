package io.tenantscreening.crypto;

import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The operator's view of the master keys that sealed data: what each still seals, and the
 * retirement of a key that seals nothing any more (it may then leave SCREENING_KEYS).
 * Needs no key material, so it works without SCREENING_KEYS.
 */
@Singleton
public class SealingKeyInventory {

    private final SealingKeyRepository repository;

    public SealingKeyInventory(SealingKeyRepository repository) {
        this.repository = repository;
    }

    public List<SealingKeyRepository.RecordedKey> list() {
        return repository.list();
    }

    /** Forgets a key that seals nothing; refuses, naming what remains, while anything stored needs it. */
    @Transactional
    public SealingKeyRepository.RecordedKey retire(String id) {
        SealingKeyRepository.RecordedKey key = repository.list().stream().filter(recorded -> recorded.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no recorded sealing key with id " + id));
        if (!key.sealsNothing()) {
            throw new IllegalStateException("key " + id + " still seals " + key.sealing().entrySet().stream()
                    .filter(kind -> kind.getValue() > 0)
                    .map(kind -> kind.getValue() + " " + kind.getKey())
                    .collect(Collectors.joining(", ")) + "; keep it in SCREENING_KEYS");
        }
        repository.delete(id);
        return key;
    }
}
