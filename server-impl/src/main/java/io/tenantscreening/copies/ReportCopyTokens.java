package io.tenantscreening.copies;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.SealingKeys;
import io.tenantscreening.orders.ApplicationTokens;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secret in a link to the applicant's copy of a report, like an application link's
 * ({@code orders.ApplicationTokens}): 256 bits, HMAC-SHA256 under a subkey of a master key
 * of the link's id and 256 fresh random bits (the nonce), written as 43 characters of
 * base64url. The database keeps the token's SHA-256 digest, which finds the link, and only
 * until the link's email is sent the seed (key id and nonce) that the email's background
 * work computes the token from; after that the digest is all there is, and no one, the
 * operator included, can write the link again.
 */
@Singleton
public class ReportCopyTokens {

    private static final String PURPOSE = "report-copy-token";
    private static final int NONCE_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SealingKeys keys;
    private final ServiceSettings settings;

    public ReportCopyTokens(SealingKeys keys, ServiceSettings settings) {
        this.keys = keys;
        this.settings = settings;
    }

    /** What a link keeps until its email is sent: the id of the master key and the nonce. */
    public record Seed(String keyId, byte[] nonce) {
    }

    /** A new link's seed, and the digest of its token. */
    public record Issued(Seed seed, byte[] digest) {
    }

    public Issued issue(String linkId) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        Seed seed = new Seed(keys.forSealing().id(), nonce);
        return new Issued(seed, ApplicationTokens.digest(token(linkId, seed)));
    }

    /** {@code <public base URL>/my-report/<token>} of the link with this seed. */
    public String url(String linkId, Seed seed) {
        return settings.url(MyReportController.PATH + "/" + token(linkId, seed));
    }

    private String token(String linkId, Seed seed) {
        byte[] id = linkId.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[id.length + seed.nonce().length];
        System.arraycopy(id, 0, message, 0, id.length);
        System.arraycopy(seed.nonce(), 0, message, id.length, seed.nonce().length);
        byte[] mac = Hmac.sha256(keys.get(seed.keyId()).derive(PURPOSE), message);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }
}
