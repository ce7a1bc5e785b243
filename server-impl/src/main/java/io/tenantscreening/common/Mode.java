package io.tenantscreening.common;

import java.util.Locale;

/** Test or live: chosen by the API key, it decides which records a request sees and makes. */
public enum Mode {
    TEST, LIVE;

    private final String dbValue = name().toLowerCase(Locale.ROOT);

    public String dbValue() {
        return dbValue;
    }

    public static Mode fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
