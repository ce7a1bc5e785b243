package io.tenantscreening.crypto;

import io.micronaut.context.annotation.Value;
import io.tenantscreening.common.ServiceSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's master keys, from the setting {@code screening.keys} (environment variable
 * SCREENING_KEYS): {@code <id>:<base64 of 32 bytes>}, comma-separated, the first one active.
 * Data sealed with a key records the key's id, so adding a new key in front rotates without
 * re-encrypting: older ids stay readable while they are listed. Each use gets its own
 * subkey ({@link Key#derive}), never the master key itself.
 * <p>
 * In the development environment, without the setting, a fixed and publicly known
 * development key is used, with a warning; in any other environment the service refuses to
 * start without keys. Created when first needed, so operator commands that seal nothing
 * run without keys.
 */
@Singleton
public class KeyRing {

    private static final Logger LOG = LoggerFactory.getLogger(KeyRing.class);
    private static final String DEVELOPMENT_KEY_ID = "development";

    private final Map<String, Key> keys = new LinkedHashMap<>();
    private final Key active;

    public KeyRing(@Value("${screening.keys:}") String configured, ServiceSettings settings) {
        if (configured.isBlank()) {
            if (!settings.isDevelopment()) {
                throw new IllegalStateException("SCREENING_KEYS is not set: give at least one key as <id>:<base64 of 32 random bytes>"
                        + " (for example: openssl rand -base64 32).");
            }
            LOG.warn("SCREENING_KEYS is not set: using the public development key. Never do this with real data.");
            configured = DEVELOPMENT_KEY_ID + ":" + Base64.getEncoder().encodeToString(sha256("tenant-screening development key"));
        }
        for (String entry : configured.split(",")) {
            Key key = parse(entry.strip());
            if (keys.putIfAbsent(key.id(), key) != null) {
                throw new IllegalStateException("SCREENING_KEYS lists the key id '" + key.id() + "' twice.");
            }
        }
        active = keys.values().iterator().next();
    }

    /** The key new data is sealed with. */
    public Key active() {
        return active;
    }

    /** Every configured key, the active one first. */
    public List<Key> all() {
        return List.copyOf(keys.values());
    }

    public boolean has(String id) {
        return keys.containsKey(id);
    }

    /** The key with this id; fails when it has been removed from the configuration. */
    public Key get(String id) {
        Key key = keys.get(id);
        if (key == null) {
            throw new IllegalStateException("key '" + id + "' is no longer in SCREENING_KEYS");
        }
        return key;
    }

    private static Key parse(String entry) {
        int colon = entry.indexOf(':');
        if (colon <= 0) {
            throw new IllegalStateException("SCREENING_KEYS entries must look like <id>:<base64 of 32 bytes>.");
        }
        String id = entry.substring(0, colon);
        byte[] material;
        try {
            material = Base64.getDecoder().decode(entry.substring(colon + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("SCREENING_KEYS key '" + id + "' is not valid base64.");
        }
        if (material.length != 32) {
            throw new IllegalStateException("SCREENING_KEYS key '" + id + "' must be 32 bytes, not " + material.length + ".");
        }
        return new Key(id, material);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One master key. Its subkeys are derived once per purpose and kept (the purposes are a
     * handful of constants): requests seal, sign cursors and digest with them all the time.
     */
    public static final class Key {

        private final String id;
        private final byte[] material;
        private final Map<String, byte[]> subkeys = new ConcurrentHashMap<>();

        Key(String id, byte[] material) {
            this.id = id;
            this.material = material.clone();
        }

        public String id() {
            return id;
        }

        /** A 32-byte subkey for one purpose: HMAC-SHA256(master key, purpose); a copy, the caller may keep it. */
        public byte[] derive(String purpose) {
            return subkeys.computeIfAbsent(purpose, given -> Hmac.sha256(material, given.getBytes(StandardCharsets.UTF_8))).clone();
        }
    }
}
