package io.tenantscreening.households;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tables rental_applications and rental_application_members, within one tenant. An
 * application is read with its members, each with its order's applicant and status (one
 * statement for the members of a whole page).
 */
@Singleton
public class RentalApplicationRepository {

    private static final String TABLE = "rental_applications";
    private static final String COLUMNS = "id, mode, status, property_id, package, add_on_products, payer, "
            + "screening_policy_id, monthly_rent, created_at, completed_at, canceled_at";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public RentalApplicationRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** The application's own row, without members. */
    private record Row(String id, Mode mode, RentalApplicationStatus status, String propertyId, String packageSlug,
                       List<String> addOnProducts, Payer payer, String screeningPolicyId, Long monthlyRent, Instant createdAt,
                       Instant completedAt, Instant canceledAt) implements KeysetPager.Positioned {

        RentalApplication with(List<RentalApplication.Member> members) {
            return new RentalApplication(id, mode, status, propertyId, packageSlug, addOnProducts, payer, screeningPolicyId,
                    monthlyRent, createdAt, completedAt, canceledAt, members);
        }
    }

    public void insert(Tenant tenant, RentalApplication application) {
        jdbc.update(tenant, "INSERT INTO rental_applications (organization_id, mode, id, status, property_id, package, "
                        + "add_on_products, payer, screening_policy_id, monthly_rent, created_at) "
                        + "VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?::bigint, ?)",
                application.id(), application.status().value(), application.propertyId(), application.packageSlug(),
                application.addOnProducts(), application.payer().value(), application.screeningPolicyId(),
                application.monthlyRent(), application.createdAt());
    }

    /** Adds a member at the next position (its order must exist already). */
    public void insertMember(Tenant tenant, String applicationId, String orderId, MemberRole role, Instant addedAt) {
        jdbc.update(tenant, "INSERT INTO rental_application_members (organization_id, mode, rental_application_id, position, "
                        + "order_id, role, added_at) VALUES ({tenant.values}, ?, (SELECT count(*) FROM rental_application_members "
                        + "WHERE rental_application_id = ?), ?, ?, ?)",
                applicationId, applicationId, orderId, role.value(), addedAt);
    }

    public Optional<RentalApplication> findById(Tenant tenant, String id) {
        return withMembers(tenant, jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM rental_applications WHERE {tenant} AND id = ?",
                RentalApplicationRepository::read, id));
    }

    /** The role of the member the order screens; empty for an order of no rental application. */
    public Optional<MemberRole> roleOf(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT role FROM rental_application_members WHERE {tenant} AND order_id = ?",
                row -> MemberRole.of(row.getString("role")), orderId);
    }

    /**
     * Locks the application's row for the rest of the transaction and reads it with its
     * members as they are once the lock is held (each statement of READ COMMITTED sees what
     * was committed before it began, so a member's order completed by a transaction that held
     * the lock before is seen completed).
     */
    public Optional<RentalApplication> lockById(Tenant tenant, String id) {
        return withMembers(tenant, jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM rental_applications "
                + "WHERE {tenant} AND id = ? FOR UPDATE", RentalApplicationRepository::read, id));
    }

    /** A page of applications, newest first, each with its members. */
    public Page<RentalApplication> page(Tenant tenant, PageRequest request) {
        Page<Row> rows = pager.page(TABLE, COLUMNS, tenant, request, RentalApplicationRepository::read);
        Map<String, List<RentalApplication.Member>> members = members(tenant, rows.items().stream().map(Row::id).toList());
        return new Page<>(rows.items().stream().map(row -> row.with(members.getOrDefault(row.id(), List.of()))).toList(),
                rows.count(), rows.next(), rows.previous());
    }

    public void setPolicy(Tenant tenant, String id, String screeningPolicyId) {
        jdbc.update(tenant, "UPDATE rental_applications SET screening_policy_id = ? WHERE {tenant} AND id = ?", screeningPolicyId, id);
    }

    public void setStatus(Tenant tenant, String id, RentalApplicationStatus status, Instant at) {
        jdbc.update(tenant, "UPDATE rental_applications SET status = ?, "
                        + "completed_at = CASE WHEN ? = 'completed' THEN ?::timestamptz WHEN ? = 'collecting' THEN NULL "
                        + "ELSE completed_at END, canceled_at = CASE WHEN ? = 'canceled' THEN ?::timestamptz ELSE canceled_at END "
                        + "WHERE {tenant} AND id = ?",
                status.value(), status.value(), at, status.value(), status.value(), at, id);
    }

    public void markRemoved(Tenant tenant, String applicationId, String orderId, Instant at) {
        jdbc.update(tenant, "UPDATE rental_application_members SET removed_at = ? WHERE {tenant} AND rental_application_id = ? "
                + "AND order_id = ?", at, applicationId, orderId);
    }

    private Optional<RentalApplication> withMembers(Tenant tenant, Optional<Row> row) {
        return row.map(found -> found.with(members(tenant, List.of(found.id())).getOrDefault(found.id(), List.of())));
    }

    private Map<String, List<RentalApplication.Member>> members(Tenant tenant, List<String> applicationIds) {
        Map<String, List<RentalApplication.Member>> members = new LinkedHashMap<>();
        if (applicationIds.isEmpty()) {
            return members;
        }
        jdbc.query(tenant, "SELECT m.rental_application_id, m.position, m.order_id, o.applicant_id, m.role, o.status, "
                        + "m.added_at, m.removed_at FROM rental_application_members m JOIN orders o ON o.id = m.order_id "
                        + "WHERE {tenant:m} AND m.rental_application_id = ANY (?) ORDER BY m.rental_application_id, m.position",
                row -> {
                    members.computeIfAbsent(row.getString("rental_application_id"), id -> new ArrayList<>())
                            .add(new RentalApplication.Member(row.getInt("position"), row.getString("order_id"),
                                    row.getString("applicant_id"), MemberRole.of(row.getString("role")),
                                    OrderStatus.of(row.getString("status")), row.getTimestamp("added_at").toInstant(),
                                    instant(row.getTimestamp("removed_at"))));
                    return null;
                }, applicationIds);
        return members;
    }

    private static Row read(ResultSet row) throws SQLException {
        return new Row(row.getString("id"), Mode.fromDb(row.getString("mode")), RentalApplicationStatus.of(row.getString("status")),
                row.getString("property_id"), row.getString("package"),
                Arrays.asList((String[]) row.getArray("add_on_products").getArray()), Payer.of(row.getString("payer")),
                row.getString("screening_policy_id"), row.getObject("monthly_rent", Long.class),
                row.getTimestamp("created_at").toInstant(), instant(row.getTimestamp("completed_at")),
                instant(row.getTimestamp("canceled_at")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
