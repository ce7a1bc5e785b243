package io.tenantscreening.requesters;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.ErrorSource;
import io.tenantscreening.common.PublicIds;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Original requesters: upserted by external id from orders, found by id (active ones
 * only), loaded in batches for embedding, deactivated by operators.
 */
@Singleton
public class RequesterService {

    private final RequesterRepository requesters;

    public RequesterService(RequesterRepository requesters) {
        this.requesters = requesters;
    }

    /**
     * Creates the requester or updates the one with the same external id, which then takes
     * exactly the details sent (members left out become null). A deactivated requester
     * cannot be revived this way: 422 at {@code externalIdPointer}.
     */
    @Transactional
    public OriginalRequester upsert(Caller caller, RequesterDetails details, String externalIdPointer) {
        return requesters.upsert(caller, PublicIds.newId("req"), details, Instant.now().truncatedTo(ChronoUnit.MICROS))
                .orElseThrow(() -> ApiException.invalid(ErrorSource.pointer(externalIdPointer),
                        "The original requester '" + Echo.of(details.externalId())
                                + "' has been deactivated and cannot be used on new orders."));
    }

    /** The active requester with this id in the caller's organisation and mode; 404 otherwise. */
    @Transactional
    public OriginalRequester requireActive(Caller caller, String id) {
        return requesters.findById(caller, id)
                .filter(requester -> requester.deactivatedAt() == null)
                .orElseThrow(() -> ApiException.notFound("No original requester with id '" + Echo.of(id) + "'."));
    }

    @Transactional
    public List<OriginalRequester> findAll(Caller caller, Collection<String> ids) {
        return ids.isEmpty() ? List.of() : requesters.findByIds(caller, ids);
    }

    /** Operator action: the requester can no longer be used on new orders; its past orders keep it. */
    @Transactional
    public Optional<OriginalRequester> deactivate(String id) {
        return requesters.deactivate(id, Instant.now().truncatedTo(ChronoUnit.MICROS));
    }
}
