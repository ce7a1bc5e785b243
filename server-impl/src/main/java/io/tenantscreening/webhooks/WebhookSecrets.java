package io.tenantscreening.webhooks;

import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.Sealer;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Signing secrets: {@code whsec_} and 256 random bits (base64url), sealed with a master key
 * and bound to their endpoint, and the {@code Service-Signature} header they sign with:
 * {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">}, one {@code v1} per secret
 * (two during a rotation's overlap, the newest first). The HMAC key is the whole secret's
 * UTF-8 bytes.
 */
@Singleton
class WebhookSecrets {

    private static final String PURPOSE = "webhook-secret";
    private static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Sealer sealer;

    WebhookSecrets(Sealer sealer) {
        this.sealer = sealer;
    }

    static String newSecret() {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    Sealer.Sealed seal(String endpointId, String secret) {
        return sealer.seal(PURPOSE, endpointId, secret.getBytes(StandardCharsets.UTF_8));
    }

    String open(String endpointId, Sealer.Sealed sealed) {
        return new String(sealer.open(PURPOSE, endpointId, sealed), StandardCharsets.UTF_8);
    }

    static String signature(long unixSeconds, byte[] body, List<String> secrets) {
        byte[] prefix = (unixSeconds + ".").getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, message, 0, prefix.length);
        System.arraycopy(body, 0, message, prefix.length, body.length);
        return "t=" + unixSeconds + "," + secrets.stream()
                .map(secret -> "v1=" + HexFormat.of().formatHex(Hmac.sha256(secret.getBytes(StandardCharsets.UTF_8), message)))
                .collect(Collectors.joining(","));
    }
}
