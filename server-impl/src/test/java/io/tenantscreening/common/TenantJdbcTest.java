package io.tenantscreening.common;

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
    void aStatementWithoutItsScopeIsRefused() {
        assertThatThrownBy(() -> TenantJdbc.scope(TENANT, "SELECT 1 FROM orders WHERE id = ?", "ord_1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{tenant}");
    }
}
