package io.tenantscreening.common.lists;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads one page of a newest-first list with keyset pagination over (created_at, id),
 * never OFFSET: the cost of a page does not grow with the collection or with how deep the
 * page lies, and records arriving while a client pages cause neither duplicates nor gaps.
 * The total comes from collection_counts (a few rows per list, kept by triggers), not from count(*).
 * <p>
 * A listed table needs the columns organization_id, mode, created_at and id, an index on
 * (organization_id, mode, created_at DESC, id DESC), and the count_inserted_rows trigger.
 */
@Singleton
public class KeysetPager {

    /** Where a listed record sits in the order. */
    public interface Positioned {
        Instant createdAt();

        String id();
    }

    public <T extends Positioned> Page<T> page(Connection connection, String table, String columns, Caller caller,
                                               PageRequest request, Jdbc.RowReader<T> reader) throws SQLException {
        Cursor cursor = request.cursor();
        boolean towardsNewer = cursor != null && cursor.direction() == Cursor.Direction.NEWER;
        String comparison = cursor == null ? "" : towardsNewer ? " AND (created_at, id) > (?, ?)" : " AND (created_at, id) < (?, ?)";
        String order = towardsNewer ? "created_at ASC, id ASC" : "created_at DESC, id DESC";
        String sql = "SELECT " + columns + " FROM " + table + " WHERE organization_id = ? AND mode = ?" + comparison
                + " ORDER BY " + order + " LIMIT ?";
        List<T> rows = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            int index = scope(statement, caller);
            if (cursor != null) {
                statement.setTimestamp(index++, Timestamp.from(cursor.createdAt()));
                statement.setString(index++, cursor.id());
            }
            statement.setInt(index, request.perPage() + 1);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    rows.add(reader.read(result));
                }
            }
        }
        boolean moreInDirection = rows.size() > request.perPage();
        List<T> items = new ArrayList<>(rows.subList(0, Math.min(rows.size(), request.perPage())));
        if (towardsNewer) {
            Collections.reverse(items);
        }
        long count = count(connection, table, caller);
        if (items.isEmpty()) {
            return new Page<>(items, count, null, null);
        }
        T newest = items.get(0);
        T oldest = items.get(items.size() - 1);
        boolean hasOlder = towardsNewer ? exists(connection, table, caller, oldest, "<") : moreInDirection;
        boolean hasNewer = towardsNewer ? moreInDirection : cursor != null && exists(connection, table, caller, newest, ">");
        return new Page<>(items, count,
                hasOlder ? new Cursor(Cursor.Direction.OLDER, oldest.createdAt(), oldest.id()) : null,
                hasNewer ? new Cursor(Cursor.Direction.NEWER, newest.createdAt(), newest.id()) : null);
    }

    private static boolean exists(Connection connection, String table, Caller caller, Positioned from, String comparison)
            throws SQLException {
        String sql = "SELECT EXISTS (SELECT 1 FROM " + table + " WHERE organization_id = ? AND mode = ? AND (created_at, id) "
                + comparison + " (?, ?))";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            int index = scope(statement, caller);
            statement.setTimestamp(index++, Timestamp.from(from.createdAt()));
            statement.setString(index, from.id());
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getBoolean(1);
            }
        }
    }

    private static long count(Connection connection, String table, Caller caller) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT coalesce(sum(count), 0) FROM collection_counts WHERE organization_id = ? AND mode = ? AND collection = ?")) {
            int index = scope(statement, caller);
            statement.setString(index, table);
            try (ResultSet result = statement.executeQuery()) {
                return result.next() ? result.getLong(1) : 0;
            }
        }
    }

    private static int scope(PreparedStatement statement, Caller caller) throws SQLException {
        statement.setString(1, caller.organizationId());
        statement.setString(2, caller.mode().dbValue());
        return 3;
    }
}
