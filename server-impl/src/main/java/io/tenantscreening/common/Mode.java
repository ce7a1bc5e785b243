package io.tenantscreening.common;

import java.util.Locale;

/** Test or live: chosen by the API key, it decides which records a request sees and makes. */
public enum Mode {
    TEST, LIVE;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Mode fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
