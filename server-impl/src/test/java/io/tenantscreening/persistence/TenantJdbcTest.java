package io.tenantscreening.persistence;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one scoped-query path: markers become the tenant condition, bound in the right places. */
class TenantJdbcTest {

    private static final Tenant TENANT = new Tenant("org_A", Mode.LIVE);

    @Test
    void theConditionIsBoundWhereItStandsAmongTheParameters() {
        TenantJdbc.Scoped scoped = TenantJdbc.scope(TENANT,
                "UPDATE orders SET canceled_at = ? WHERE {tenant} AND id = ?", "at", "ord_1");

        assertThat(scoped.sql()).isEqualTo("UPDATE orders SET canceled_at = ? WHERE organization_id = ? AND mode = ? AND id = ?");
        assertThat(scoped.parameters()).containsExactly("at", "org_A", "live", "ord_1");
    }

    @Test
    void insertValuesAndAliasedConditionsAreScopedToo() {
        assertThat(TenantJdbc.scope(TENANT, "INSERT INTO t (organization_id, mode, id) VALUES ({tenant.values}, ?)", "x").parameters())
                .containsExactly("org_A", "live", "x");
        TenantJdbc.Scoped aliased = TenantJdbc.scope(TENANT, "SELECT 1 FROM orders o WHERE {tenant:o} AND o.id = ?", "ord_1");
        assertThat(aliased.sql()).isEqualTo("SELECT 1 FROM orders o WHERE o.organization_id = ? AND o.mode = ? AND o.id = ?");
        assertThat(aliased.parameters()).containsExactly("org_A", "live", "ord_1");
    }

    @Test
    void aStatementReadOnceIsBoundAnewForEachCall() {
        String sql = "SELECT 1 FROM orders o JOIN applicants a ON a.id = o.applicant_id WHERE {tenant:o} AND o.id = ? "
                + "AND {tenant:a} AND a.email = ?";
        TenantJdbc.Scoped first = TenantJdbc.scope(TENANT, sql, "ord_1", "a@example.com");
        TenantJdbc.Scoped second = TenantJdbc.scope(new Tenant("org_B", Mode.TEST), sql, "ord_2", "b@example.com");

        assertThat(first.parameters()).containsExactly("org_A", "live", "ord_1", "org_A", "live", "a@example.com");
        assertThat(second.parameters()).containsExactly("org_B", "test", "ord_2", "org_B", "test", "b@example.com");
        assertThat(second.sql()).isEqualTo(first.sql()).isEqualTo("SELECT 1 FROM orders o JOIN applicants a ON a.id = o.applicant_id "
                + "WHERE o.organization_id = ? AND o.mode = ? AND o.id = ? AND a.organization_id = ? AND a.mode = ? AND a.email = ?");
    }

    @Test
    void aStatementWithoutItsScopeIsRefused() {
        assertThatThrownBy(() -> TenantJdbc.scope(TENANT, "SELECT 1 FROM orders WHERE id = ?", "ord_1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{tenant}");
    }
}
