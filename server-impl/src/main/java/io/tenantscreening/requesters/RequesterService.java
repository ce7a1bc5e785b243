package io.tenantscreening.requesters;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.Optional;

/**
 * Original requesters: upserted by external id from orders, found by id (active ones
 * only), loaded in batches for embedding, deactivated by operators.
 */
@Singleton
public class RequesterService {

    private final RequesterRepository requesters;
    private final Clock clock;

    public RequesterService(RequesterRepository requesters, Clock clock) {
        this.requesters = requesters;
        this.clock = clock;
    }

    /**
     * Creates the requester or updates the one with the same external id, which then takes
     * exactly the details sent (members left out become null). A deactivated requester
     * cannot be revived this way: 422 at {@code externalIdPointer}.
     */
    @Transactional
    public OriginalRequester upsert(Tenant tenant, RequesterDetails details, String externalIdPointer) {
        return requesters.upsert(tenant, PublicIds.newId("req"), details, Timestamps.now(clock))
                .orElseThrow(() -> ApiException.invalid(ErrorSource.pointer(externalIdPointer),
                        "The original requester '" + Echo.of(details.externalId())
                                + "' has been deactivated and cannot be used on new orders."));
    }

    /** The active requester with this id in the caller's organisation and mode; 404 otherwise. */
    @Transactional
    public OriginalRequester requireActive(Tenant tenant, String id) {
        return requesters.findById(tenant, id)
                .filter(requester -> requester.deactivatedAt() == null)
                .orElseThrow(() -> ApiException.notFound("No original requester with id '" + Echo.of(id) + "'."));
    }

    /** Operator action: the requester can no longer be used on new orders; its past orders keep it. */
    @Transactional
    public Optional<OriginalRequester> deactivate(String id) {
        return requesters.deactivate(id, Timestamps.now(clock));
    }
}
