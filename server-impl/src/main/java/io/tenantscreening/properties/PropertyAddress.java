package io.tenantscreening.properties;

/** An address as a caller submits it, already checked against the contract's field rules. */
public record PropertyAddress(String name, String street, String unit, String city, String state, String zipcode) {

    public String key() {
        return PropertyAddressKey.of(street, unit, city, state, zipcode);
    }
}
