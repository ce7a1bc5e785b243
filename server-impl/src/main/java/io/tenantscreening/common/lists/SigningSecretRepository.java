package io.tenantscreening.common.lists;

import io.micronaut.data.connection.annotation.Connectable;
import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.security.SecureRandom;

/** Table signing_secrets: one random 256-bit secret per name, created on first use. */
@Singleton
public class SigningSecretRepository {

    private final Jdbc jdbc;

    public SigningSecretRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Connectable
    public byte[] loadOrCreate(String name) {
        byte[] candidate = new byte[32];
        new SecureRandom().nextBytes(candidate);
        jdbc.update("INSERT INTO signing_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", name, candidate);
        return jdbc.queryOne("SELECT secret FROM signing_secrets WHERE name = ?", row -> row.getBytes(1), name).orElseThrow();
    }
}
