package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Optional;

/** Table webhook_endpoints, within one tenant: the endpoints, their sealed secrets and their failure pause. */
@Singleton
class WebhookEndpointRepository {

    private static final String TABLE = "webhook_endpoints";
    private static final String COLUMNS = "id, mode, url, enabled_events, api_version, created_at";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    WebhookEndpointRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** The secrets an endpoint signs with now: the current one, and the previous one until its overlap ends. */
    record Secrets(Sealer.Sealed current, Sealer.Sealed previous) {
    }

    void insert(Tenant tenant, WebhookEndpoint endpoint, Sealer.Sealed secret) {
        jdbc.update(tenant, "INSERT INTO webhook_endpoints (organization_id, mode, id, url, enabled_events, api_version, "
                        + "secret_ciphertext, secret_key_id, created_at) VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?)", endpoint.id(),
                endpoint.url(), endpoint.enabledEvents(), endpoint.apiVersion().day(), secret.ciphertext(), secret.keyId(),
                endpoint.createdAt());
    }

    Optional<WebhookEndpoint> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM webhook_endpoints WHERE {tenant} AND id = ?",
                WebhookEndpointRepository::read, id);
    }

    Page<WebhookEndpoint> page(Tenant tenant, PageRequest request) {
        return pager.page(TABLE, COLUMNS, tenant, request, WebhookEndpointRepository::read);
    }

    boolean delete(Tenant tenant, String id) {
        return jdbc.update(tenant, "DELETE FROM webhook_endpoints WHERE {tenant} AND id = ?", id) == 1;
    }

    /** The new secret signs from now on; the one it replaces until {@code previousUntil}. False when there is no such endpoint. */
    boolean rotate(Tenant tenant, String id, Sealer.Sealed secret, Instant previousUntil) {
        return jdbc.update(tenant, "UPDATE webhook_endpoints SET previous_secret_ciphertext = secret_ciphertext, "
                        + "previous_secret_key_id = secret_key_id, previous_secret_until = ?, secret_ciphertext = ?, secret_key_id = ? "
                        + "WHERE {tenant} AND id = ?", previousUntil, secret.ciphertext(), secret.keyId(), id) == 1;
    }

    Optional<Secrets> secrets(Tenant tenant, String id, Instant now) {
        return jdbc.queryOne(tenant, "SELECT secret_ciphertext, secret_key_id, previous_secret_ciphertext, previous_secret_key_id, "
                + "previous_secret_until FROM webhook_endpoints WHERE {tenant} AND id = ?", row -> {
                    Sealer.Sealed current = new Sealer.Sealed(row.getBytes(1), row.getString(2));
                    boolean overlap = row.getBytes(3) != null && row.getTimestamp(5).toInstant().isAfter(now);
                    return new Secrets(current, overlap ? new Sealer.Sealed(row.getBytes(3), row.getString(4)) : null);
                }, id);
    }

    /** Until when the endpoint is paused (its last attempt failed); empty when it is not. */
    Optional<Instant> pausedUntil(Tenant tenant, String id, Instant now) {
        return jdbc.queryOne(tenant, "SELECT paused_until FROM webhook_endpoints WHERE {tenant} AND id = ? AND paused_until > ?",
                row -> row.getTimestamp(1).toInstant(), id, now);
    }

    /**
     * Holds back every delivery to the endpoint until {@code until} (null: none). Writes only
     * when that changes, so that the deliveries of a healthy endpoint do not all write its row.
     */
    void pause(Tenant tenant, String id, Instant until) {
        Timestamp at = until == null ? null : Timestamp.from(until);
        jdbc.update(tenant, "UPDATE webhook_endpoints SET paused_until = ? WHERE {tenant} AND id = ? "
                + "AND paused_until IS DISTINCT FROM ?", at, id, at);
    }

    private static WebhookEndpoint read(ResultSet row) throws SQLException {
        return new WebhookEndpoint(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("url"),
                new ArrayList<>(Arrays.asList((String[]) row.getArray("enabled_events").getArray())),
                ApiVersion.of(row.getObject("api_version", LocalDate.class).toString()).orElseThrow(),
                row.getTimestamp("created_at").toInstant());
    }
}
