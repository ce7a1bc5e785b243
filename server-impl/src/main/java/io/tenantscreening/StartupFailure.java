package io.tenantscreening;

import java.sql.SQLException;

/** Says in one sentence why the service or the operator command could not start. */
public final class StartupFailure {

    private StartupFailure() {
    }

    public static String describe(Throwable failure) {
        Throwable innermost = failure;
        SQLException database = null;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                database = sql;
            }
            innermost = t;
        }
        if (database != null) {
            return "PostgreSQL is not reachable or refused the connection (" + oneLine(database.getMessage())
                    + "). Check DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD.";
        }
        return oneLine(innermost.getClass().getSimpleName() + ": " + innermost.getMessage());
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").trim();
    }
}
