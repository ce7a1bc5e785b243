package io.tenantscreening.orders;

import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Text;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** A related record that the include parameter can embed in an order. */
public enum Include {
    PROPERTY, APPLICANT, ORIGINAL_REQUESTER;

    private static final String PARAMETER = "include";

    /**
     * Reads {@code include}: comma-separated names in any order, repeats allowed; absent or
     * empty means nothing. Any other name is a 422 on the parameter.
     */
    public static Set<Include> parse(String text) {
        Set<Include> includes = EnumSet.noneOf(Include.class);
        if (text == null || text.isEmpty()) {
            return includes;
        }
        for (String name : text.split(",", -1)) {
            includes.add(named(Text.trim(name)));
        }
        return includes;
    }

    private static Include named(String name) {
        for (Include include : values()) {
            if (include.name().toLowerCase(Locale.ROOT).equals(name)) {
                return include;
            }
        }
        throw ApiException.invalid(ErrorSource.parameter(PARAMETER), "Unknown include '" + Echo.of(name)
                + "'. Use a comma-separated list of property, applicant and original_requester.");
    }
}
