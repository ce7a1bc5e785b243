package io.tenantscreening.conformance.support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The test class runs on a database of its own, a fresh copy of the build's template that is
 * dropped when the class ends, and on a server of its own over it when it asks for one
 * ({@link TestServer}): for a class that moves the service's clock, reads or changes
 * what every tenant shares (background work, sealing keys), or starts instances of the
 * service as separate processes ({@link JarProcess#testDatabaseEnvironment()} names this
 * database).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(OwnDatabase.Lifecycle.class)
public @interface OwnDatabase {

    /** Makes the database before the class's first test and drops it, with its server, after the last. */
    final class Lifecycle implements BeforeAllCallback, AfterAllCallback {

        @Override
        public void beforeAll(ExtensionContext context) {
            TestServer.beginOwn();
        }

        @Override
        public void afterAll(ExtensionContext context) {
            TestServer.endOwn();
        }
    }
}
