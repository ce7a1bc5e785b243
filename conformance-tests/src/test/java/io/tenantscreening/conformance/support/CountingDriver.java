package io.tenantscreening.conformance.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Test-only JDBC driver for URLs {@code jdbc:counting:postgresql:…}: the PostgreSQL driver,
 * counting every statement the service prepares for requests, so a test can show that a
 * list does not query once per item. Background work (db-scheduler's threads, which poll
 * and screen orders meanwhile, and the revoked-key listener's checks) is not counted. Nor are
 * the API key's lookup and the rate limit's synchronisation: a request makes them when its key's
 * cache entry or bucket copy has aged (after a second or two, so at random in a loaded build),
 * whatever else it does. Nor is what the pool itself runs (HikariCP's PoolBase: a new
 * connection's init SQL, the check of a connection idle for a while), which happens at random
 * too. The test server's pool uses it; the service cannot tell.
 */
public class CountingDriver implements Driver {

    static final String PREFIX = "jdbc:counting:";
    private static final AtomicLong STATEMENTS = new AtomicLong();
    private static final List<String> BACKGROUND = List.of("db-scheduler", "revoked-key-listener");
    private static final Set<String> STATEMENT_METHODS = Set.of("prepareStatement", "createStatement", "prepareCall");
    private static final List<String> PER_KEY_TABLES = List.of("FROM api_keys", "rate_limit_buckets");
    private static final String POOL = "com.zaxxer.hikari.pool.PoolBase";
    private static final StackWalker STACK = StackWalker.getInstance();

    private final Driver postgres = new org.postgresql.Driver();

    /** Statements prepared through this driver since the test run started. */
    public static long statements() {
        return STATEMENTS.get();
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        Connection target = postgres.connect("jdbc:" + url.substring(PREFIX.length()), info);
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> {
                    if (counted(method.getName(), args)) {
                        STATEMENTS.incrementAndGet();
                    }
                    try {
                        return method.invoke(target, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static boolean counted(String method, Object[] args) {
        if (!STATEMENT_METHODS.contains(method) || BACKGROUND.stream().anyMatch(Thread.currentThread().getName()::startsWith)) {
            return false;
        }
        if (args != null && args[0] instanceof String sql && PER_KEY_TABLES.stream().anyMatch(sql::contains)) {
            return false;
        }
        return STACK.walk(frames -> frames.noneMatch(frame -> frame.getClassName().equals(POOL)));
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return postgres.getPropertyInfo("jdbc:" + url.substring(PREFIX.length()), info);
    }

    @Override
    public int getMajorVersion() {
        return postgres.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
        return postgres.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getLogger(CountingDriver.class.getName());
    }
}
