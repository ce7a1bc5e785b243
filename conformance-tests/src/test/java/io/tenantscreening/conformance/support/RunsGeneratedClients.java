package io.tenantscreening.conformance.support;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The test class runs clients generated from the contract: tagged {@code clients}, which the
 * fast loop leaves out (it generates and compiles no client).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Tag("clients")
public @interface RunsGeneratedClients {
}
