package io.tenantscreening.organizations;

import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Tables organizations, billing_settings and rate_limits. */
@Singleton
public class OrganizationRepository {

    private static final String SELECT = "SELECT o.id, o.name, o.created_at, b.payment_method, b.invoiced "
            + "FROM organizations o JOIN billing_settings b ON b.organization_id = o.id";

    private final Jdbc jdbc;

    public OrganizationRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(Organization organization) {
        jdbc.update("INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)",
                organization.id(), organization.name(), organization.createdAt());
        jdbc.update("INSERT INTO billing_settings (organization_id, payment_method, invoiced) VALUES (?, ?, ?)",
                organization.id(), organization.billing().paymentMethod().dbValue(), organization.billing().invoiced());
    }

    public Optional<Organization> find(String id) {
        return jdbc.queryOne(SELECT + " WHERE o.id = ?", OrganizationRepository::read, id);
    }

    public List<Organization> list() {
        return jdbc.query(SELECT + " ORDER BY o.created_at, o.id", OrganizationRepository::read);
    }

    public boolean isEmpty() {
        return jdbc.queryOne("SELECT NOT EXISTS (SELECT 1 FROM organizations)", row -> row.getBoolean(1)).orElseThrow();
    }

    public void updateBilling(String organizationId, BillingSettings billing) {
        jdbc.update("UPDATE billing_settings SET payment_method = ?, invoiced = ?, updated_at = now() WHERE organization_id = ?",
                billing.paymentMethod().dbValue(), billing.invoiced(), organizationId);
    }

    /** The organisation's own rate limits; {@link OwnRateLimits#NONE} when it has none. */
    public OwnRateLimits rateLimits(String organizationId) {
        return jdbc.queryOne("SELECT live, test FROM rate_limits WHERE organization_id = ?", OrganizationRepository::readLimits,
                organizationId).orElse(OwnRateLimits.NONE);
    }

    public void setRateLimits(String organizationId, OwnRateLimits limits) {
        jdbc.update("INSERT INTO rate_limits (organization_id, live, test) VALUES (?, ?, ?) ON CONFLICT (organization_id) "
                + "DO UPDATE SET live = excluded.live, test = excluded.test, updated_at = now()",
                organizationId, limits.live(), limits.test());
    }

    private static OwnRateLimits readLimits(ResultSet rows) throws SQLException {
        int live = rows.getInt("live");
        Integer ownLive = rows.wasNull() ? null : live;
        int test = rows.getInt("test");
        return new OwnRateLimits(ownLive, rows.wasNull() ? null : test);
    }

    private static Organization read(ResultSet rows) throws SQLException {
        return new Organization(rows.getString("id"), rows.getString("name"), rows.getTimestamp("created_at").toInstant(),
                new BillingSettings(BillingSettings.PaymentMethod.fromDb(rows.getString("payment_method")),
                        rows.getBoolean("invoiced")));
    }
}
