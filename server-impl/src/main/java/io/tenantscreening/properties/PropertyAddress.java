package io.tenantscreening.properties;

/**
 * An address as a caller submits it, already checked against the contract's field rules, with
 * the jurisdiction it states ({@code countyFips}, {@code cityFips}: null when not stated).
 */
public record PropertyAddress(String name, String street, String unit, String city, String state, String zipcode,
                              String countyFips, String cityFips) {

    public PropertyAddress(String name, String street, String unit, String city, String state, String zipcode) {
        this(name, street, unit, city, state, zipcode, null, null);
    }

    public String key() {
        return PropertyAddressKey.of(street, unit, city, state, zipcode);
    }
}
