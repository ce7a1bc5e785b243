package io.tenantscreening.screening;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The checks an order can include: credit (every package), eviction (essential,
 * complete), criminal (complete), and one per add-on.
 */
public enum CheckType {
    CREDIT, EVICTION, CRIMINAL, IDENTITY_VERIFICATION, INCOME_VERIFICATION;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CheckType of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** The checks of a package and its add-ons, in this order: credit, eviction, criminal, then the add-ons. */
    public static List<CheckType> forOrder(String packageSlug, Collection<String> addOns) {
        List<CheckType> checks = new ArrayList<>(List.of(CREDIT));
        if (packageSlug.equals("essential") || packageSlug.equals("complete")) {
            checks.add(EVICTION);
        }
        if (packageSlug.equals("complete")) {
            checks.add(CRIMINAL);
        }
        if (addOns.contains("identity_verification")) {
            checks.add(IDENTITY_VERIFICATION);
        }
        if (addOns.contains("income_verification")) {
            checks.add(INCOME_VERIFICATION);
        }
        return checks;
    }
}
