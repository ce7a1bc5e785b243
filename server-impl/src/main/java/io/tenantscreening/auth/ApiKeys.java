package io.tenantscreening.auth;

import io.tenantscreening.common.Base62;
import io.tenantscreening.common.Mode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shape of API keys ({@code sk_test_} or {@code sk_live_} and 32 base62 characters,
 * about 190 random bits) and their SHA-256 digest, the only form that is stored.
 */
public final class ApiKeys {

    private static final int RANDOM_LENGTH = 32;
    private static final Pattern SHAPE = Pattern.compile("sk_(test|live)_[0-9A-Za-z]{" + RANDOM_LENGTH + "}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {
    }

    public static String generate(Mode mode) {
        return "sk_" + mode.dbValue() + "_" + Base62.random(RANDOM, RANDOM_LENGTH);
    }

    /** The mode a well-formed key names, or empty when the text is not shaped like a key. */
    static Optional<Mode> modeOf(String key) {
        Matcher matcher = SHAPE.matcher(key);
        return matcher.matches() ? Optional.of(Mode.valueOf(matcher.group(1).toUpperCase(Locale.ROOT))) : Optional.empty();
    }

    public static byte[] digest(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    public static String last4(String key) {
        return key.substring(key.length() - 4);
    }
}
