package io.tenantscreening.conformance.support;

import java.util.Map;

/**
 * The PostgreSQL database the tests use: DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD
 * when set, otherwise screening_test on 127.0.0.1:5432 as role screening.
 */
public final class TestDatabase {

    private TestDatabase() {
    }

    public static String url() {
        return env("DATABASE_URL", "jdbc:postgresql://127.0.0.1:5432/screening_test");
    }

    public static String user() {
        return env("DATABASE_USER", "screening");
    }

    public static String password() {
        return env("DATABASE_PASSWORD", "");
    }

    static Map<String, Object> properties() {
        return Map.of("datasources.default.url", url(), "datasources.default.username", user(),
                "datasources.default.password", password());
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
