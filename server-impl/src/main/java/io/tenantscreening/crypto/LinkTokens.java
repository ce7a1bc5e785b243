package io.tenantscreening.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secret in a link the service sends a person instead of a key (an application link,
 * the link to the applicant's copy of a report). The token is 256 bits: HMAC-SHA256, under a
 * subkey of a master key for the link's {@code purpose}, of the link's id and 256 fresh
 * random bits (the nonce), written as 43 characters of base64url. It is never stored: the
 * database keeps its SHA-256 {@link #digest}, which finds the link, and for as long as the
 * link must be written again, its {@link Seed}. Neither the database alone nor the master
 * keys alone give a token away, and once the seed is dropped no one, the operator included,
 * can write the link again.
 */
public final class LinkTokens {

    private static final int NONCE_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SealingKeys keys;
    private final String purpose;

    public LinkTokens(SealingKeys keys, String purpose) {
        this.keys = keys;
        this.purpose = purpose;
    }

    /** What writes a link's token again: the id of the master key and the nonce. */
    public record Seed(String keyId, byte[] nonce) {
    }

    /** A new link's seed, and the digest that finds it. */
    public record Issued(Seed seed, byte[] digest) {
    }

    /** A token for a new link with this id. */
    public Issued issue(String id) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        Seed seed = new Seed(keys.forSealing().id(), nonce);
        return new Issued(seed, digest(token(id, seed)));
    }

    /** The token of the link with this id and seed. */
    public String token(String id, Seed seed) {
        byte[] idBytes = id.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[idBytes.length + seed.nonce().length];
        System.arraycopy(idBytes, 0, message, 0, idBytes.length);
        System.arraycopy(seed.nonce(), 0, message, idBytes.length, seed.nonce().length);
        byte[] mac = Hmac.sha256(keys.get(seed.keyId()).derive(purpose), message);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }

    /** The digest a link is found by, of a token as a link carries it. */
    public static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
