package io.tenantscreening.auth;

import java.util.Locale;

/** What an API key may do: everything, or only read (GET). */
public enum Scope {
    FULL, READ_ONLY;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Scope fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
