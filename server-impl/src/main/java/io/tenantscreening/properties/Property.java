package io.tenantscreening.properties;

import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;

/**
 * A rental address that applicants are screened for, as stored, with the jurisdiction its
 * creator stated ({@code statedCountyFips}, {@code statedCityFips}: null when not stated).
 */
public record Property(String id, String name, String street, String unit, String city, String state, String zipcode,
                       Instant createdAt, String statedCountyFips, String statedCityFips) implements KeysetPager.Positioned {

    public Property(String id, String name, String street, String unit, String city, String state, String zipcode,
                    Instant createdAt) {
        this(id, name, street, unit, city, state, zipcode, createdAt, null, null);
    }

    /** The address on one line, as letters and pages show it: "12 Oak Street, Apt 4, Austin, TX 78701". */
    public String oneLineAddress() {
        return street + (unit == null ? "" : ", " + unit) + ", " + city + ", " + state + " " + zipcode;
    }
}
