package io.tenantscreening.common.lists;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.ErrorSource;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.Supplier;

/**
 * Turns list positions into opaque, tamper-evident cursor tokens and back. A token is
 * signed (HMAC-SHA256) together with the list it belongs to and the caller's organisation
 * and mode, so a token edited by hand, or used on another endpoint, organisation or mode,
 * is refused with 422 validation_error.
 */
@Singleton
public class CursorCodec {

    private static final String PARAMETER = "cursor";
    private static final int MAC_BYTES = 16;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final Supplier<byte[]> secret;

    @Inject
    public CursorCodec(SigningSecrets secrets) {
        this(secrets::cursorSecret);
    }

    CursorCodec(Supplier<byte[]> secret) {
        this.secret = secret;
    }

    public String encode(String list, Caller caller, Cursor cursor) {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, cursor.createdAt());
        String payload = (cursor.direction() == Cursor.Direction.OLDER ? "o" : "n") + "|" + micros + "|" + cursor.id();
        byte[] payloadBytes = payload.getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payloadBytes) + "." + ENCODER.encodeToString(mac(list, caller, payloadBytes));
    }

    public Cursor decode(String list, Caller caller, String token) {
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
        if (!MessageDigest.isEqual(presentedMac, mac(list, caller, payload))) {
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

    private byte[] mac(String list, Caller caller, byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.get(), "HmacSHA256"));
            mac.update((list + "|" + caller.organizationId() + "|" + caller.mode().dbValue() + "|")
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
