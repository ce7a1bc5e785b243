package io.tenantscreening.crypto;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The master keys as sealers of stored data. The first time a key seals anything, its id
 * is recorded in sealing_keys (committed on its own, before the data it seals), so the
 * service can refuse to start without a key that stored data needs, and an operator can
 * see what still needs each key before retiring it. Each instance records a key once.
 */
@Singleton
public class SealingKeys {

    private final KeyRing keys;
    private final Consumer<String> record;
    private final Set<String> recorded = ConcurrentHashMap.newKeySet();

    @Inject
    public SealingKeys(KeyRing keys, SealingKeyRepository repository) {
        this(keys, repository::record);
    }

    /** With another way to record a key's first use (unit tests of what seals). */
    public SealingKeys(KeyRing keys, Consumer<String> record) {
        this.keys = keys;
        this.record = record;
    }

    /**
     * The active key, recorded as a sealing key. The first requests of an instance may ask
     * at once: one of them records the key while the others wait for it.
     */
    public KeyRing.Key forSealing() {
        KeyRing.Key active = keys.active();
        if (!recorded.contains(active.id())) {
            synchronized (recorded) {
                if (!recorded.contains(active.id())) {
                    record.accept(active.id());
                    recorded.add(active.id());
                }
            }
        }
        return active;
    }

    /** The key that sealed something, to open or verify it. */
    public KeyRing.Key get(String id) {
        return keys.get(id);
    }
}
