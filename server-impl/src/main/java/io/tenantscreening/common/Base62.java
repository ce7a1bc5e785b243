package io.tenantscreening.common;

import java.util.Random;

/** Random strings over [0-9A-Za-z], the alphabet of public ids and API keys. */
public final class Base62 {

    private static final char[] ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private Base62() {
    }

    /**
     * {@code length} characters, each carrying log2(62) ≈ 5.95 bits from {@code random}. The
     * bytes for the whole string are drawn in one call, since each call of a SecureRandom takes
     * its lock and mixes its pool whatever it is asked for (one per character was a tenth of
     * the service's CPU on a request refused for its key). A byte below 248, four times 62,
     * gives a character uniformly; a byte above it is skipped, and bytes are drawn again in the
     * rare case that they run out.
     */
    public static String random(Random random, int length) {
        char[] chars = new char[length];
        byte[] bytes = new byte[length + length / 4 + 1];
        int next = bytes.length;
        for (int i = 0; i < length; ) {
            if (next == bytes.length) {
                random.nextBytes(bytes);
                next = 0;
            }
            int value = bytes[next++] & 0xFF;
            if (value < 4 * ALPHABET.length) {
                chars[i++] = ALPHABET[value % ALPHABET.length];
            }
        }
        return new String(chars);
    }
}
