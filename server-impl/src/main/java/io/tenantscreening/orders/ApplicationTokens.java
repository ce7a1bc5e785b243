package io.tenantscreening.orders;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.crypto.Hmac;
import io.tenantscreening.common.crypto.KeyRing;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * The secret in an order's application URL. The token is 256 bits, HMAC-SHA256 of the order
 * id under a subkey of a master key: indistinguishable from random without the key, and
 * never stored. The database keeps only its SHA-256 digest (to find the order when the
 * applicant opens the link) and the key id (to write the URL again, and to rotate keys).
 */
@Singleton
public class ApplicationTokens {

    private static final String PURPOSE = "application-token";

    private final KeyRing keys;
    private final ServiceSettings settings;

    public ApplicationTokens(KeyRing keys, ServiceSettings settings) {
        this.keys = keys;
        this.settings = settings;
    }

    /** A token for a new order: what to store about it. */
    public record Issued(byte[] digest, String keyId) {
    }

    public Issued issue(String orderId) {
        KeyRing.Key key = keys.active();
        return new Issued(digest(token(orderId, key)), key.id());
    }

    /** {@code <public base URL>/apply/<token>} for an order whose token derives from this key. */
    public String url(String orderId, String keyId) {
        return settings.url("/apply/" + token(orderId, keys.get(keyId)));
    }

    public static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    private static String token(String orderId, KeyRing.Key key) {
        byte[] mac = Hmac.sha256(key.derive(PURPOSE), orderId.getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }
}
