package io.tenantscreening.persistence;

import jakarta.inject.Singleton;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Plain SQL over the contextual connection (the surrounding transaction's, when there is
 * one). Parameters bind by position; {@link Instant}s become timestamps and collections text arrays (for {@code = ANY (?)}). SQL failures
 * surface as the unchecked {@link DataAccessException}, which ends as a 500.
 */
@Singleton
public class Jdbc {

    /** Reads one row of a result set. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** Work on a raw connection, for statements built at run time. */
    @FunctionalInterface
    public interface ConnectionWork<T> {
        T apply(Connection connection) throws SQLException;
    }

    private final DataSource dataSource;

    public Jdbc(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public <T> List<T> query(String sql, RowReader<T> reader, Object... parameters) {
        return withConnection(connection -> {
            try (PreparedStatement statement = prepare(connection, sql, parameters);
                 ResultSet rows = statement.executeQuery()) {
                List<T> results = new ArrayList<>();
                while (rows.next()) {
                    results.add(reader.read(rows));
                }
                return results;
            }
        });
    }

    public <T> Optional<T> queryOne(String sql, RowReader<T> reader, Object... parameters) {
        List<T> rows = query(sql, reader, parameters);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    public int update(String sql, Object... parameters) {
        return withConnection(connection -> {
            try (PreparedStatement statement = prepare(connection, sql, parameters)) {
                return statement.executeUpdate();
            }
        });
    }

    public <T> T withConnection(ConnectionWork<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.apply(connection);
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    public static PreparedStatement prepare(Connection connection, String sql, Object... parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            Object value = parameters[i];
            if (value instanceof Instant instant) {
                value = Timestamp.from(instant);
            } else if (value instanceof Collection<?> texts) {
                value = connection.createArrayOf("text", texts.toArray());
            }
            statement.setObject(i + 1, value);
        }
        return statement;
    }

    /**
     * An SQL failure; its message never reaches a response. It keeps PostgreSQL's primary
     * message, SQL state and constraint name but not the server's detail, which quotes row
     * values (personal data) and would otherwise end up in the log. The driver's exception
     * stays its cause, as a copy with the same scrubbed message, stack trace and chain of
     * causes: messages are scrubbed, chains are kept.
     */
    public static class DataAccessException extends RuntimeException {

        /** PostgreSQL's SQL state of a lock wait that ran out (lock_timeout). */
        private static final String LOCK_NOT_AVAILABLE = "55P03";

        private final String constraint;
        private final String sqlState;

        public DataAccessException(SQLException cause) {
            super(summary(cause), scrubbed(cause));
            ServerErrorMessage server = cause instanceof PSQLException failure ? failure.getServerErrorMessage() : null;
            this.constraint = server == null ? null : server.getConstraint();
            this.sqlState = cause.getSQLState();
        }

        /** Whether a lock wait ran out (lock_timeout) and the statement gave up. */
        public boolean isLockTimeout() {
            return LOCK_NOT_AVAILABLE.equals(sqlState);
        }

        /** Whether this is a violation of the named constraint. */
        public boolean violates(String name) {
            return name.equals(constraint);
        }

        private static String summary(SQLException cause) {
            ServerErrorMessage server = cause instanceof PSQLException failure ? failure.getServerErrorMessage() : null;
            String message = server == null ? cause.getMessage() : server.getMessage();
            return "SQL state " + cause.getSQLState() + ": " + message;
        }

        /** The chain of causes with every SQL failure in it replaced by a copy that has its summary as message. */
        private static Throwable scrubbed(Throwable cause) {
            if (!(cause instanceof SQLException sql)) {
                return cause;
            }
            SQLException copy = sql instanceof SQLTransientConnectionException
                    ? new SQLTransientConnectionException(summary(sql), sql.getSQLState(), sql.getErrorCode())
                    : new SQLException(summary(sql), sql.getSQLState(), sql.getErrorCode());
            copy.setStackTrace(sql.getStackTrace());
            copy.initCause(scrubbed(sql.getCause()));
            return copy;
        }
    }
}
