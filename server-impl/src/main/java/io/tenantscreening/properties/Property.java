package io.tenantscreening.properties;

import io.tenantscreening.common.lists.KeysetPager;

import java.time.Instant;

/** A rental address that applicants are screened for, as stored. */
public record Property(String id, String name, String street, String unit, String city, String state, String zipcode,
                       Instant createdAt) implements KeysetPager.Positioned {
}
