package io.tenantscreening.organizations;

import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Tables organizations and billing_settings. */
@Singleton
public class OrganizationRepository {

    private static final String SELECT = "SELECT o.id, o.name, o.created_at, b.payment_method, b.invoiced "
            + "FROM organizations o JOIN billing_settings b ON b.organization_id = o.id";

    private final DataSource dataSource;

    public OrganizationRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public void insert(Organization organization) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            try (PreparedStatement statement = connection.prepareStatement(
                    "INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)")) {
                statement.setString(1, organization.id());
                statement.setString(2, organization.name());
                statement.setTimestamp(3, Timestamp.from(organization.createdAt()));
                statement.executeUpdate();
            }
            try (PreparedStatement statement = connection.prepareStatement(
                    "INSERT INTO billing_settings (organization_id, payment_method, invoiced) VALUES (?, ?, ?)")) {
                statement.setString(1, organization.id());
                statement.setString(2, organization.billing().paymentMethod().dbValue());
                statement.setBoolean(3, organization.billing().invoiced());
                statement.executeUpdate();
            }
        }
    }

    public Optional<Organization> find(String id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(SELECT + " WHERE o.id = ?")) {
            statement.setString(1, id);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(read(rows)) : Optional.empty();
            }
        }
    }

    public List<Organization> list() throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(SELECT + " ORDER BY o.created_at, o.id");
             ResultSet rows = statement.executeQuery()) {
            List<Organization> organizations = new ArrayList<>();
            while (rows.next()) {
                organizations.add(read(rows));
            }
            return organizations;
        }
    }

    public boolean isEmpty() throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT NOT EXISTS (SELECT 1 FROM organizations)");
             ResultSet rows = statement.executeQuery()) {
            rows.next();
            return rows.getBoolean(1);
        }
    }

    public void updateBilling(String organizationId, BillingSettings billing) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     "UPDATE billing_settings SET payment_method = ?, invoiced = ?, updated_at = now() WHERE organization_id = ?")) {
            statement.setString(1, billing.paymentMethod().dbValue());
            statement.setBoolean(2, billing.invoiced());
            statement.setString(3, organizationId);
            statement.executeUpdate();
        }
    }

    private static Organization read(ResultSet rows) throws SQLException {
        return new Organization(rows.getString("id"), rows.getString("name"), rows.getTimestamp("created_at").toInstant(),
                new BillingSettings(BillingSettings.PaymentMethod.fromDb(rows.getString("payment_method")),
                        rows.getBoolean("invoiced")));
    }
}
