package io.tenantscreening.organizations;

import java.time.Instant;

/** A tenant of the service, with its billing state. */
public record Organization(String id, String name, Instant createdAt, BillingSettings billing) {
}
