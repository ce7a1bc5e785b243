package io.tenantscreening.orders;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.SealingKeys;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secret in an order's application URL. The token is 256 bits: HMAC-SHA256, under a
 * subkey of a master key, of the order id and 256 fresh random bits (the nonce). It is
 * never stored. The database keeps its SHA-256 digest (to find the order when the
 * applicant opens the link) and its {@link Seed}, the nonce and the key id, so that the URL
 * can be shown again on every read while the order waits for the applicant. Neither the
 * database alone nor the master keys alone give a token away.
 */
@Singleton
public class ApplicationTokens {

    private static final String PURPOSE = "application-token";
    private static final int NONCE_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SealingKeys keys;
    private final ServiceSettings settings;

    public ApplicationTokens(SealingKeys keys, ServiceSettings settings) {
        this.keys = keys;
        this.settings = settings;
    }

    /** What an order keeps to write its token again: the id of the master key and the nonce. */
    public record Seed(String keyId, byte[] nonce) {
    }

    /** A token for a new order: its seed, and the digest that finds the order. */
    public record Issued(Seed seed, byte[] digest) {
    }

    public Issued issue(String orderId) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        Seed seed = new Seed(keys.forSealing().id(), nonce);
        return new Issued(seed, digest(token(orderId, seed)));
    }

    /** {@code <public base URL>/apply/<token>} of the order with this seed. */
    public String url(String orderId, Seed seed) {
        return settings.url("/apply/" + token(orderId, seed));
    }

    public static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    private String token(String orderId, Seed seed) {
        byte[] id = orderId.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[id.length + seed.nonce().length];
        System.arraycopy(id, 0, message, 0, id.length);
        System.arraycopy(seed.nonce(), 0, message, id.length, seed.nonce().length);
        byte[] mac = Hmac.sha256(keys.get(seed.keyId()).derive(PURPOSE), message);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }
}
