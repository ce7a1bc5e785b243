package io.tenantscreening.policies;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.Optional;

/**
 * The screening policies of one tenant: creating (as the default at once, when asked),
 * reading, listing, making one the default and archiving. A policy's criteria never change.
 * Every change of the default runs under one lock per tenant, so two requests that race
 * to change it leave exactly one default. Orders read the policy they name, or the
 * default, through {@link #find} and {@link #findDefault}.
 */
@Singleton
public class ScreeningPolicyService {

    private final ScreeningPolicyRepository policies;
    private final Clock clock;

    public ScreeningPolicyService(ScreeningPolicyRepository policies, Clock clock) {
        this.policies = policies;
        this.clock = clock;
    }

    /** A policy to create: its name, criteria, and whether it becomes the default at once. */
    public record NewPolicy(String name, Criteria criteria, boolean makeDefault) {
    }

    @Transactional
    public ScreeningPolicy create(Tenant tenant, NewPolicy request) {
        ScreeningPolicy policy = new ScreeningPolicy(PublicIds.newId("pol", tenant.mode()), tenant.mode(), request.name(),
                request.criteria(), request.makeDefault(), Timestamps.now(clock), null);
        if (request.makeDefault()) {
            policies.lockDefaultChanges(tenant);
            policies.clearDefault(tenant);
        }
        policies.insert(tenant, policy);
        return policy;
    }

    /** Reads run without a transaction of their own, as {@code OrderService.get} explains; inside a caller's they join it. */
    @Connectable
    public ScreeningPolicy get(Tenant tenant, String id) {
        return find(tenant, id).orElseThrow(() -> notFound(id));
    }

    @Connectable
    public Optional<ScreeningPolicy> find(Tenant tenant, String id) {
        return policies.findById(tenant, id);
    }

    /** The tenant's default policy now, if it has one. */
    @Connectable
    public Optional<ScreeningPolicy> findDefault(Tenant tenant) {
        return policies.findDefault(tenant);
    }

    @Connectable
    public Page<ScreeningPolicy> list(Tenant tenant, PageRequest request) {
        return policies.page(tenant, request);
    }

    /** Makes the policy the default in place of the previous one; a default stays as it is. 422 for an archived policy. */
    @Transactional
    public ScreeningPolicy makeDefault(Tenant tenant, String id) {
        policies.lockDefaultChanges(tenant);
        ScreeningPolicy policy = policies.lockById(tenant, id).orElseThrow(() -> notFound(id));
        if (policy.archived()) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Screening policy '" + id + "' is archived and cannot "
                    + "become the default. Create a new policy with the same criteria instead.");
        }
        if (!policy.isDefault()) {
            policies.makeDefault(tenant, id);
        }
        return get(tenant, id);
    }

    /** Archives the policy, which then is no longer the default; an archived policy stays as it is. */
    @Transactional
    public ScreeningPolicy archive(Tenant tenant, String id) {
        return policies.archive(tenant, id, Timestamps.now(clock)).orElseThrow(() -> notFound(id));
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No screening policy with id '" + Echo.of(id) + "'.");
    }
}
