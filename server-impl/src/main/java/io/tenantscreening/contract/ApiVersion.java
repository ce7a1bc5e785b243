package io.tenantscreening.contract;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.Optional;

/**
 * An API version this build serves, named by its date; declared oldest first, so a later
 * constant is a newer version.
 */
public enum ApiVersion {
    V2026_04_29("2026-04-29"),
    V2026_11_25("2026-11-25"),
    V2026_11_28("2026-11-28");

    private final String date;

    ApiVersion(String date) {
        this.date = date;
    }

    /** The name of the version, its date as the Service-Tenant-Version header writes it. */
    public String date() {
        return date;
    }

    /** The date as a value, for storage and comparison in the database. */
    public LocalDate day() {
        return LocalDate.parse(date);
    }

    public boolean isBefore(ApiVersion other) {
        return compareTo(other) < 0;
    }

    public static Optional<ApiVersion> of(String date) {
        return Arrays.stream(values()).filter(version -> version.date.equals(date)).findFirst();
    }
}
