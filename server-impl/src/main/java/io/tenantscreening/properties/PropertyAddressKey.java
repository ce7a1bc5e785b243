package io.tenantscreening.properties;

import io.tenantscreening.common.Text;

import java.util.Locale;

/**
 * The normalised form of an address under which properties are deduplicated. Two
 * addresses are the same property when their keys are equal:
 * <ul>
 *   <li>street, unit, city and state compare after trimming, collapsing each run of
 *       white space (any Unicode space, see {@link Text}) to one space, and ignoring case;</li>
 *   <li>a unit compares without one leading {@code #} (so {@code #4B} equals {@code 4B});
 *       an absent or blank unit is no unit;</li>
 *   <li>a ZIP code compares by its first five digits, so {@code 78701} matches
 *       {@code 78701-1234} and the other way round;</li>
 *   <li>nothing else is interpreted: {@code St} and {@code Street} differ.</li>
 * </ul>
 * The database holds the key under a unique constraint per organisation and mode.
 */
public final class PropertyAddressKey {

    private static final char SEPARATOR = '\u001f';

    private PropertyAddressKey() {
    }

    public static String of(String street, String unit, String city, String state, String zipcode) {
        return text(street) + SEPARATOR + unit(unit) + SEPARATOR + text(city) + SEPARATOR + text(state)
                + SEPARATOR + zip5(zipcode);
    }

    private static String text(String value) {
        return value == null ? "" : Text.collapse(value).toLowerCase(Locale.ROOT);
    }

    private static String unit(String value) {
        String unit = text(value);
        return unit.startsWith("#") ? Text.trim(unit.substring(1)) : unit;
    }

    private static String zip5(String zipcode) {
        String zip = Text.trim(zipcode);
        return zip.length() > 5 ? zip.substring(0, 5) : zip;
    }
}
