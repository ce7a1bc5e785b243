package io.tenantscreening.lists;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Turns list positions into opaque, tamper-evident cursor tokens and back. A token is
 * signed (HMAC-SHA256, under a subkey of the active master key) together with the list it
 * belongs to and the caller's tenant, so a token edited by hand, or used on another
 * endpoint, organisation or mode, is refused with 422 validation_error. Tokens signed under
 * an older master key stay valid while that key is configured.
 */
@Singleton
public class CursorCodec {

    private static final String PARAMETER = "cursor";
    private static final int MAC_BYTES = 16;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private static final String PURPOSE = "list-cursor";

    private final KeyRing keys;

    public CursorCodec(KeyRing keys) {
        this.keys = keys;
    }

    public String encode(String list, Tenant tenant, Cursor cursor) {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, cursor.createdAt());
        String payload = (cursor.direction() == Cursor.Direction.OLDER ? "o" : "n") + "|" + micros + "|" + cursor.id();
        byte[] payloadBytes = payload.getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payloadBytes) + "." + ENCODER.encodeToString(mac(keys.active(), list, tenant, payloadBytes));
    }

    public Cursor decode(String list, Tenant tenant, String token) {
        int dot = token.indexOf('.');
        if (dot < 0) {
            throw invalid();
        }
        byte[] payload;
        byte[] presentedMac;
        try {
            payload = DECODER.decode(token.substring(0, dot));
            presentedMac = DECODER.decode(token.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (keys.all().stream().noneMatch(key -> MessageDigest.isEqual(presentedMac, mac(key, list, tenant, payload)))) {
            throw invalid();
        }
        String[] parts = new String(payload, StandardCharsets.UTF_8).split("\\|", 3);
        if (parts.length != 3) {
            throw invalid();
        }
        try {
            Cursor.Direction direction = parts[0].equals("o") ? Cursor.Direction.OLDER : Cursor.Direction.NEWER;
            Instant createdAt = Instant.EPOCH.plus(Long.parseLong(parts[1]), ChronoUnit.MICROS);
            return new Cursor(direction, createdAt, parts[2]);
        } catch (NumberFormatException e) {
            throw invalid();
        }
    }

    private static byte[] mac(KeyRing.Key key, String list, Tenant tenant, byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.derive(PURPOSE), "HmacSHA256"));
            mac.update((list + "|" + tenant.organizationId() + "|" + tenant.mode().dbValue() + "|")
                    .getBytes(StandardCharsets.UTF_8));
            return Arrays.copyOf(mac.doFinal(payload), MAC_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    private static ApiException invalid() {
        return ApiException.invalid(ErrorSource.parameter(PARAMETER),
                "The cursor is not valid for this list. Use the next_href or previous_href of a response from this "
                        + "endpoint with the same API key mode, or omit cursor to start from the newest records.");
    }
}
