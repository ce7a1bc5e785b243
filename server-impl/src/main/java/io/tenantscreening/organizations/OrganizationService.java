package io.tenantscreening.organizations;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Timestamps;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.List;
import java.util.NoSuchElementException;

/** Creates and lists organisations and keeps their billing state and their own rate limits. */
@Singleton
public class OrganizationService {

    private final OrganizationRepository organizations;
    private final Clock clock;

    public OrganizationService(OrganizationRepository organizations, Clock clock) {
        this.organizations = organizations;
        this.clock = clock;
    }

    @Transactional
    public Organization create(String name) {
        Organization organization = new Organization(PublicIds.newId("org"), name,
                Timestamps.now(clock), BillingSettings.DEFAULT);
        organizations.insert(organization);
        return organization;
    }

    @Transactional
    public Organization require(String id) {
        return organizations.find(id).orElseThrow(() -> new NoSuchElementException("no organisation with id " + id));
    }

    @Transactional
    public List<Organization> list() {
        return organizations.list();
    }

    @Transactional
    public boolean none() {
        return organizations.isEmpty();
    }

    @Transactional
    public OwnRateLimits rateLimits(String id) {
        require(id);
        return organizations.rateLimits(id);
    }

    /** Replaces the organisation's own rate limits (null: the default of the mode); it must exist. */
    @Transactional
    public OwnRateLimits setRateLimits(String id, OwnRateLimits limits) {
        require(id);
        organizations.setRateLimits(id, limits);
        return organizations.rateLimits(id);
    }

    /** Replaces the billing state; the organisation must exist. */
    @Transactional
    public Organization updateBilling(String id, BillingSettings billing) {
        require(id);
        organizations.updateBilling(id, billing);
        return require(id);
    }
}
