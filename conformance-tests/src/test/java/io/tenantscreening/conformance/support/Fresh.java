package io.tenantscreening.conformance.support;

import io.tenantscreening.common.Mode;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field that {@link FreshTenants} sets before each test: a {@link TestTenant} field
 * gets a new organisation, a {@code String} field a full-scope API key of that organisation
 * in {@link #mode()}. All marked fields of one test share one organisation.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Fresh {

    /** The mode of an API key field. */
    Mode mode() default Mode.TEST;

    /** The organisation has a card on file that the built-in gateway charges, so live orders are placed. */
    boolean cardOnFile() default false;
}
