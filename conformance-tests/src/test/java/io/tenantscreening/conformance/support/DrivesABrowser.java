package io.tenantscreening.conformance.support;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The test class drives Chromium ({@link HeadlessChromium}): tagged {@code browser}, which the fast loop leaves out. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Tag("browser")
public @interface DrivesABrowser {
}
