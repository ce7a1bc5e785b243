package io.tenantscreening.common;

import java.util.Random;

/** Random strings over [0-9A-Za-z], the alphabet of public ids and API keys. */
public final class Base62 {

    private static final char[] ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private Base62() {
    }

    /** {@code length} characters, each carrying log2(62) ≈ 5.95 bits from {@code random}. */
    public static String random(Random random, int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(chars);
    }
}
