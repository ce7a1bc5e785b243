package io.tenantscreening.apply;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.time.Instant;

/** Table consents: one per order, within one tenant. */
@Singleton
public class ConsentRepository {

    private final TenantJdbc jdbc;

    public ConsentRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A consent given on the apply page. */
    record Consent(String orderId, String disclosureVersion, Instant at, String ipAddress, String userAgent) {
    }

    void insert(Tenant tenant, Consent consent) {
        jdbc.update(tenant, "INSERT INTO consents (organization_id, mode, order_id, disclosure_version, consented_at, ip_address, "
                        + "user_agent) VALUES ({tenant.values}, ?, ?, ?, ?, ?)", consent.orderId(), consent.disclosureVersion(),
                consent.at(), consent.ipAddress(), consent.userAgent());
    }

    boolean exists(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT 1 FROM consents WHERE {tenant} AND order_id = ?", row -> true, orderId).isPresent();
    }
}
