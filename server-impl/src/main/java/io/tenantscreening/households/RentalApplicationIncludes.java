package io.tenantscreening.households;

import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Text;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;

/** The include parameter of rental applications: {@code orders} embeds each member's order. */
final class RentalApplicationIncludes {

    private static final String ORDERS = "orders";

    private RentalApplicationIncludes() {
    }

    /**
     * Whether {@code include} names {@code orders}: comma-separated names, repeats allowed,
     * white space around a name ignored; absent or empty names nothing. Any other name (an
     * empty one between commas included) is a 422 on the parameter.
     */
    static boolean orders(String text) {
        if (text == null || text.isEmpty()) {
            return false;
        }
        for (String name : text.split(",", -1)) {
            if (!ORDERS.equals(Text.trim(name))) {
                throw ApiException.invalid(ErrorSource.parameter("include"), "Unknown include '" + Echo.of(Text.trim(name))
                        + "'. Rental applications can include: orders.");
            }
        }
        return true;
    }
}
