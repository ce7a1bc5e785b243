package io.tenantscreening.web;

import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.tenantscreening.errors.ApiException;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * The one shape of a 500: a fixed sentence and the request id, never exception text; and
 * of a 503 when the failure was the database being out of reach.
 */
final class InternalErrors {

    /** Seconds a client is asked to wait when the database is out of reach. */
    static final int RETRY_AFTER_SECONDS = 5;

    private InternalErrors() {
    }

    static ApiException forRequest(HttpRequest<?> request) {
        String requestId = RequestIds.of(request);
        return new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
                "An unexpected error occurred; it is safe to retry. If it persists, contact support and quote request id "
                        + requestId + ".");
    }

    static ApiException databaseUnavailable(HttpRequest<?> request) {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "service_unavailable",
                "The service cannot reach its database right now. Retry after "
                        + RETRY_AFTER_SECONDS + " seconds. If it persists, contact support and quote request id "
                        + RequestIds.of(request) + ".").withHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
    }

    static ApiException starting() {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "service_unavailable",
                "The instance is starting and cannot serve this request yet. Retry after " + RETRY_AFTER_SECONDS
                        + " seconds.").withHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
    }

    /**
     * Whether the failure is the database being out of reach: no connection within the
     * pool's connection timeout, a connection that broke (SQL state class 08), or a JDBC
     * failure of the framework's own work on a connection (setting it up or resetting it).
     * The last is how a connection that broke inside a transaction surfaces: the pool
     * closes it at once, and restoring its auto-commit after the rollback then fails and
     * replaces the first error.
     */
    static boolean isDatabaseUnavailable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException
                    || cause instanceof ConnectionException && cause.getCause() instanceof SQLException) {
                return true;
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
                return true;
            }
        }
        return false;
    }
}
