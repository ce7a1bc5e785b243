package io.tenantscreening.lists;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.Jdbc;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads one page of a newest-first list with keyset pagination over (created_at, id),
 * never OFFSET: the cost of a page does not grow with the collection or with how deep the
 * page lies, and records arriving while a client pages cause neither duplicates nor gaps.
 * The total comes from collection_counts (a few rows per list, kept by triggers), not from count(*).
 * <p>
 * A listed table needs the columns organization_id, mode, created_at and id, an index on
 * (organization_id, mode, created_at DESC, id DESC), and the count_inserted_rows trigger.
 * Call it on one connection (a transaction, or {@code @Connectable} for reads). At READ
 * COMMITTED each statement reads its own snapshot, in a transaction or not, so the count
 * may already include (or miss) a record written between the page's statement and its own.
 */
@Singleton
public class KeysetPager {

    /** Where a listed record sits in the order. */
    public interface Positioned {
        Instant createdAt();

        String id();
    }

    private final TenantJdbc jdbc;

    public KeysetPager(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A narrower list: a condition on the table's own columns, its parameters, and the
     * collection_counts names whose counts add up to exactly the rows it keeps.
     */
    public record Filter(String condition, List<Object> parameters, List<String> countedAs) {

        /** A list counted by one collection_counts name. */
        public Filter(String condition, List<Object> parameters, String countedAs) {
            this(condition, parameters, List.of(countedAs));
        }

        public static Filter none(String table) {
            return new Filter(null, List.of(), table);
        }
    }

    public <T extends Positioned> Page<T> page(String table, String columns, Tenant tenant, PageRequest request,
                                               Jdbc.RowReader<T> reader) {
        return page(table, columns, tenant, request, reader, Filter.none(table));
    }

    /**
     * Records read with each row of a page, in the same statement: a select list and the
     * joins that produce it (each starting with a space), around the page's own rows
     * (aliased {@code page}). Each join must find at most one row per row of the page (a key).
     */
    public record Join(String columns, String joins) {

        /** A select list of {@code columns} ("a, b") of {@code alias}, each labelled with {@code prefix}. */
        public static String labelled(String alias, String columns, String prefix) {
            return Arrays.stream(columns.split(", ")).map(column -> alias + "." + column + " AS " + prefix + column)
                    .collect(Collectors.joining(", "));
        }
    }

    public <T extends Positioned> Page<T> page(String table, String columns, Tenant tenant, PageRequest request,
                                               Jdbc.RowReader<T> reader, Filter filter) {
        return page(table, columns, tenant, request, reader, filter, null);
    }

    /** A page with the records {@code join} reads for each of its rows (none when it is null). */
    public <T extends Positioned> Page<T> page(String table, String columns, Tenant tenant, PageRequest request,
                                               Jdbc.RowReader<T> reader, Filter filter, @Nullable Join join) {
        Cursor cursor = request.cursor();
        boolean towardsNewer = cursor != null && cursor.direction() == Cursor.Direction.NEWER;
        String comparison = cursor == null ? "" : towardsNewer ? " AND (created_at, id) > (?, ?)" : " AND (created_at, id) < (?, ?)";
        String direction = towardsNewer ? " ASC" : " DESC";
        String order = "created_at" + direction + ", id" + direction;
        List<Object> parameters = new ArrayList<>(filter.parameters());
        if (cursor != null) {
            parameters.add(cursor.createdAt());
            parameters.add(cursor.id());
        }
        parameters.add(request.perPage() + 1);
        String pageQuery = "SELECT " + columns + " FROM " + table + " WHERE {tenant}" + and(filter) + comparison
                + " ORDER BY " + order + " LIMIT ?";
        String query = join == null ? pageQuery : "SELECT page.*, " + join.columns() + " FROM (" + pageQuery + ") page"
                + join.joins() + " ORDER BY page.created_at" + direction + ", page.id" + direction;
        List<T> rows = jdbc.query(tenant, query, reader, parameters.toArray());
        boolean moreInDirection = rows.size() > request.perPage();
        List<T> items = new ArrayList<>(rows.subList(0, Math.min(rows.size(), request.perPage())));
        if (towardsNewer) {
            Collections.reverse(items);
        }
        long count = jdbc.queryOne(tenant, "SELECT coalesce(sum(count), 0) FROM collection_counts WHERE {tenant} AND collection = ANY (?)",
                row -> row.getLong(1), filter.countedAs()).orElse(0L);
        if (items.isEmpty()) {
            return new Page<>(items, count, null, null);
        }
        T newest = items.get(0);
        T oldest = items.get(items.size() - 1);
        boolean hasOlder = towardsNewer ? exists(table, tenant, filter, oldest, "<") : moreInDirection;
        boolean hasNewer = towardsNewer ? moreInDirection : cursor != null && exists(table, tenant, filter, newest, ">");
        return new Page<>(items, count,
                hasOlder ? new Cursor(Cursor.Direction.OLDER, oldest.createdAt(), oldest.id()) : null,
                hasNewer ? new Cursor(Cursor.Direction.NEWER, newest.createdAt(), newest.id()) : null);
    }

    private boolean exists(String table, Tenant tenant, Filter filter, Positioned from, String comparison) {
        List<Object> parameters = new ArrayList<>(filter.parameters());
        parameters.add(from.createdAt());
        parameters.add(from.id());
        return jdbc.queryOne(tenant, "SELECT EXISTS (SELECT 1 FROM " + table + " WHERE {tenant}" + and(filter)
                + " AND (created_at, id) " + comparison + " (?, ?))", row -> row.getBoolean(1), parameters.toArray()).orElseThrow();
    }

    private static String and(Filter filter) {
        return filter.condition() == null ? "" : " AND " + filter.condition();
    }
}
