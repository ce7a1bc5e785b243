package io.tenantscreening.policies;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** Table screening_policies, within one tenant. */
@Singleton
class ScreeningPolicyRepository {

    private static final String TABLE = "screening_policies";
    private static final String COLUMNS = "id, mode, name, min_credit_score, max_evictions, eviction_lookback_years, "
            + "criminal_lookback_years, min_income_to_rent_ratio, require_identity_verified, min_guarantor_income_to_rent_ratio, "
            + "is_default, created_at, archived_at";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    ScreeningPolicyRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    void insert(Tenant tenant, ScreeningPolicy policy) {
        Criteria criteria = policy.criteria();
        jdbc.update(tenant, "INSERT INTO screening_policies (organization_id, mode, id, name, min_credit_score, max_evictions, "
                        + "eviction_lookback_years, criminal_lookback_years, min_income_to_rent_ratio, require_identity_verified, "
                        + "min_guarantor_income_to_rent_ratio, is_default, created_at) VALUES ({tenant.values}, ?, ?, ?::integer, "
                        + "?::integer, ?::integer, ?::integer, ?::numeric, ?, ?::numeric, ?, ?)",
                policy.id(), policy.name(), criteria.minCreditScore(), criteria.maxEvictions(), criteria.evictionLookbackYears(),
                criteria.criminalLookbackYears(), criteria.minIncomeToRentRatio(), criteria.requireIdentityVerified(),
                criteria.minGuarantorIncomeToRentRatio(), policy.isDefault(), policy.createdAt());
    }

    Optional<ScreeningPolicy> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM screening_policies WHERE {tenant} AND id = ?",
                ScreeningPolicyRepository::read, id);
    }

    /** Like {@link #findById}, and locks the row until the transaction ends. */
    Optional<ScreeningPolicy> lockById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM screening_policies WHERE {tenant} AND id = ? FOR UPDATE",
                ScreeningPolicyRepository::read, id);
    }

    Optional<ScreeningPolicy> findDefault(Tenant tenant) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM screening_policies WHERE {tenant} AND is_default",
                ScreeningPolicyRepository::read);
    }

    Page<ScreeningPolicy> page(Tenant tenant, PageRequest request) {
        return pager.page(TABLE, COLUMNS, tenant, request, ScreeningPolicyRepository::read);
    }

    /**
     * Serialises the changes of the tenant's default until the transaction ends. Row locks
     * cannot: with no default yet, two transactions making different policies the default
     * would lock nothing in common, and the second would break the one-default index.
     */
    void lockDefaultChanges(Tenant tenant) {
        jdbc.queryOne(tenant, "SELECT pg_advisory_xact_lock(hashtextextended(concat_ws('|', 'screening_policies.default', "
                + "{tenant.values}), 0))", row -> true);
    }

    /** Makes this policy the tenant's only default; call under {@link #lockDefaultChanges}. */
    void makeDefault(Tenant tenant, String id) {
        jdbc.update(tenant, "UPDATE screening_policies SET is_default = false WHERE {tenant} AND is_default AND id <> ?", id);
        jdbc.update(tenant, "UPDATE screening_policies SET is_default = true WHERE {tenant} AND id = ?", id);
    }

    /** Stops the tenant's default, if any, being the default; call under {@link #lockDefaultChanges}. */
    void clearDefault(Tenant tenant) {
        jdbc.update(tenant, "UPDATE screening_policies SET is_default = false WHERE {tenant} AND is_default");
    }

    /** Archives the policy (when it is not yet) and ends its being the default; empty when the tenant has no such policy. */
    Optional<ScreeningPolicy> archive(Tenant tenant, String id, Instant at) {
        return jdbc.queryOne(tenant, "UPDATE screening_policies SET archived_at = coalesce(archived_at, ?), is_default = false "
                + "WHERE {tenant} AND id = ? RETURNING " + COLUMNS, ScreeningPolicyRepository::read, Timestamp.from(at), id);
    }

    private static ScreeningPolicy read(ResultSet row) throws SQLException {
        Timestamp archivedAt = row.getTimestamp("archived_at");
        return new ScreeningPolicy(row.getString("id"), Mode.fromDb(row.getString("mode")), row.getString("name"),
                new Criteria(row.getObject("min_credit_score", Integer.class), row.getObject("max_evictions", Integer.class),
                        row.getObject("eviction_lookback_years", Integer.class),
                        row.getObject("criminal_lookback_years", Integer.class), row.getBigDecimal("min_income_to_rent_ratio"),
                        row.getBoolean("require_identity_verified"), row.getBigDecimal("min_guarantor_income_to_rent_ratio")),
                row.getBoolean("is_default"), row.getTimestamp("created_at").toInstant(),
                archivedAt == null ? null : archivedAt.toInstant());
    }
}
