package io.tenantscreening.persistence;

import io.tenantscreening.common.Tenant;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way repositories read and write tenant records (properties, applicants,
 * requesters, orders, charges, idempotency keys). A statement names its tenant scope with
 * a marker, which is replaced and bound here:
 * <ul>
 *   <li>{@code {tenant}} becomes {@code organization_id = ? AND mode = ?};</li>
 *   <li>{@code {tenant:o}} the same for the table aliased {@code o};</li>
 *   <li>{@code {tenant.values}} becomes {@code ?, ?}, for the columns
 *       {@code organization_id, mode} of an INSERT.</li>
 * </ul>
 * A statement without a marker is refused, so no query can forget the scope. The
 * database's composite keys then make sure no record points at another tenant's.
 */
@Singleton
public class TenantJdbc {

    private static final String CONDITION = "{tenant";
    private static final String VALUES = "{tenant.values}";
    private static final int KEPT_STATEMENTS = 1000;
    private static final Map<String, Template> TEMPLATES = new ConcurrentHashMap<>();

    private final Jdbc jdbc;

    public TenantJdbc(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public <T> List<T> query(Tenant tenant, String sql, Jdbc.RowReader<T> reader, Object... parameters) {
        Scoped scoped = scope(tenant, sql, parameters);
        return jdbc.query(scoped.sql(), reader, scoped.parameters());
    }

    public <T> Optional<T> queryOne(Tenant tenant, String sql, Jdbc.RowReader<T> reader, Object... parameters) {
        Scoped scoped = scope(tenant, sql, parameters);
        return jdbc.queryOne(scoped.sql(), reader, scoped.parameters());
    }

    public int update(Tenant tenant, String sql, Object... parameters) {
        Scoped scoped = scope(tenant, sql, parameters);
        return jdbc.update(scoped.sql(), scoped.parameters());
    }

    /**
     * A read over every tenant, for system work that visits them all (a sweep for abandoned
     * work, say). Whatever it finds must then be acted on through the tenant-scoped methods.
     */
    public <T> List<T> queryAcrossTenants(String sql, Jdbc.RowReader<T> reader, Object... parameters) {
        return jdbc.query(sql, reader, parameters);
    }

    /** A statement with its markers replaced and the tenant's values placed among its parameters. */
    record Scoped(String sql, Object[] parameters) {
    }

    /**
     * Replaces the markers of a statement and binds the tenant. Each statement text is read
     * once: what it becomes is kept, up to {@value #KEPT_STATEMENTS} texts (the repositories'
     * statements are constants; more would mean a statement built from values, which is read
     * each time and not kept).
     */
    static Scoped scope(Tenant tenant, String sql, Object... parameters) {
        Template template = TEMPLATES.get(sql);
        if (template == null) {
            template = Template.of(sql);
            if (TEMPLATES.size() < KEPT_STATEMENTS) {
                TEMPLATES.putIfAbsent(sql, template);
            }
        }
        return template.bind(tenant, parameters);
    }

    /**
     * A statement with its markers replaced; {@code tenantAfter} holds, for each marker, how
     * many of the caller's parameters come before the tenant's two values.
     */
    private record Template(String sql, int[] tenantAfter) {

        static Template of(String sql) {
            StringBuilder out = new StringBuilder(sql.length() + 64);
            List<Integer> markers = new ArrayList<>();
            int placeholders = 0;
            for (int i = 0; i < sql.length(); i++) {
                char c = sql.charAt(i);
                if (c == '?') {
                    placeholders++;
                    out.append(c);
                } else if (sql.startsWith(VALUES, i)) {
                    out.append("?, ?");
                    i += VALUES.length() - 1;
                    markers.add(placeholders);
                } else if (sql.startsWith(CONDITION, i)) {
                    int end = sql.indexOf('}', i);
                    String alias = sql.substring(i + CONDITION.length(), end);
                    String prefix = alias.isEmpty() ? "" : alias.substring(1) + ".";
                    out.append(prefix).append("organization_id = ? AND ").append(prefix).append("mode = ?");
                    i = end;
                    markers.add(placeholders);
                } else {
                    out.append(c);
                }
            }
            if (markers.isEmpty()) {
                throw new IllegalArgumentException("a statement on tenant records needs {tenant} or {tenant.values}: " + sql);
            }
            return new Template(out.toString(), markers.stream().mapToInt(Integer::intValue).toArray());
        }

        Scoped bind(Tenant tenant, Object[] parameters) {
            Object[] bound = new Object[parameters.length + 2 * tenantAfter.length];
            int from = 0;
            int to = 0;
            for (int after : tenantAfter) {
                System.arraycopy(parameters, from, bound, to, after - from);
                to += after - from;
                from = after;
                bound[to++] = tenant.organizationId();
                bound[to++] = tenant.mode().dbValue();
            }
            System.arraycopy(parameters, from, bound, to, parameters.length - from);
            return new Scoped(sql, bound);
        }
    }
}
