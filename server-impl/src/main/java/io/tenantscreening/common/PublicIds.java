package io.tenantscreening.common;

import java.security.SecureRandom;

/**
 * Public record ids: {@code <prefix>_<24 base62>} in live mode, {@code <prefix>_test_<24 base62>}
 * in test mode (about 143 random bits: never sequential, never guessable).
 */
public final class PublicIds {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int RANDOM_LENGTH = 24;

    private PublicIds() {
    }

    public static String newId(String prefix) {
        return prefix + "_" + Base62.random(RANDOM, RANDOM_LENGTH);
    }

    public static String newId(String prefix, Mode mode) {
        return mode == Mode.TEST ? newId(prefix + "_test") : newId(prefix);
    }
}
