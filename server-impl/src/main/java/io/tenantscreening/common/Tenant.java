package io.tenantscreening.common;

/**
 * The organisation and mode a record belongs to, and so the scope of every read and
 * write of tenant records. A request's tenant comes from its API key; background work
 * carries the tenant of the record it works on.
 */
public record Tenant(String organizationId, Mode mode) {
}
