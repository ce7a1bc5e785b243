package io.tenantscreening.conformance.support;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test-only: wraps the service's connection pool (not the transaction-aware DataSource
 * above it) so that tests can count the SQL statements the service prepares, for example to
 * show that a list does not query once per item.
 */
@Singleton
public class StatementCounter implements BeanCreatedEventListener<DataSource> {

    private static final AtomicLong STATEMENTS = new AtomicLong();
    private static final Set<String> STATEMENT_METHODS = Set.of("prepareStatement", "createStatement", "prepareCall");

    /** Statements prepared since the service started. */
    public static long statements() {
        return STATEMENTS.get();
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        DataSource target = event.getBean();
        if (!(target instanceof HikariDataSource)) {
            return target;
        }
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[]{DataSource.class},
                (proxy, method, args) -> {
                    Object result = call(target, method, args);
                    return result instanceof Connection connection ? counting(connection) : result;
                });
    }

    private static Connection counting(Connection target) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> {
                    if (STATEMENT_METHODS.contains(method.getName())) {
                        STATEMENTS.incrementAndGet();
                    }
                    return call(target, method, args);
                });
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
