package io.tenantscreening.reports;

import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * One consumer report the agency furnished about a consumer (FCRA section 609(a)(3)(A)):
 * when, to which organisation, and for which end user when the organisation ordered for
 * one (an original requester, section 607(e)), with the end user's address and telephone
 * number where the order gave them (section 609(a)(3)(B)).
 */
public record Procurement(Instant procuredAt, String organization, @Nullable String endUser, @Nullable String endUserAddress,
                          @Nullable String endUserPhone) {
}
