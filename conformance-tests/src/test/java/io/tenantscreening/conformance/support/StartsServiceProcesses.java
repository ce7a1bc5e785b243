package io.tenantscreening.conformance.support;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The test class starts the service, or its operator command, as separate processes
 * ({@link ServiceProcess}, {@link JarProcess}): tagged {@code process}, which the fast loop
 * leaves out, and always on a database of its own, since those processes work on every
 * record of the database they are given.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Tag("process")
@OwnDatabase
public @interface StartsServiceProcesses {
}
