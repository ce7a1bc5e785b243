package io.tenantscreening.requesters;

import java.time.Instant;

/**
 * The end user a platform orders for. The address members are all null or all set;
 * {@code deactivatedAt} is set once an operator has deactivated the requester.
 */
public record OriginalRequester(String id, String externalId, String type, String name, String email, String phoneNumber,
                                String street, String unit, String city, String state, String zipcode, Instant createdAt,
                                Instant deactivatedAt) {
}
