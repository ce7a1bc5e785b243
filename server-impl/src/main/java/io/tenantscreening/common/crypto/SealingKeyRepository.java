package io.tenantscreening.common.crypto;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.List;

/** Table sealing_keys: the ids of every master key that has been active. */
@Singleton
public class SealingKeyRepository {

    private final Jdbc jdbc;

    public SealingKeyRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Records the active key's id (once) and returns every recorded id. */
    @Transactional
    public List<String> recordActive(String activeId) {
        jdbc.update("INSERT INTO sealing_keys (id, first_active_at) VALUES (?, ?) ON CONFLICT DO NOTHING", activeId, Instant.now());
        return jdbc.query("SELECT id FROM sealing_keys ORDER BY first_active_at", row -> row.getString(1));
    }
}
