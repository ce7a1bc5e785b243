package io.tenantscreening.properties;

import io.micronaut.data.connection.annotation.Connectable;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Text;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import jakarta.inject.Singleton;

import java.time.Clock;

/**
 * Properties of one organisation and mode: create-or-reuse by address, read, list. Other
 * features (orders) reuse {@link #findOrCreate} so that inline addresses deduplicate the
 * same way.
 */
@Singleton
public class PropertyService {

    private final PropertyRepository properties;
    private final Clock clock;

    public PropertyService(PropertyRepository properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * The property at this address: newly created, or the existing one when the address
     * matches (see {@link PropertyAddressKey}). Safe under concurrency: the database's
     * unique constraint decides which of several simultaneous creates wins (a losing INSERT
     * waits for the winner's commit, so the read that follows it sees the winner's row).
     * Like the reads, it runs without a transaction of its own: alone, the INSERT commits
     * by itself; inside a caller's transaction (an order's placement) it joins that one.
     */
    @Connectable
    public CreateResult findOrCreate(Tenant tenant, PropertyAddress address) {
        String key = address.key();
        Property candidate = new Property(PublicIds.newId("pr", tenant.mode()), Text.trimToNull(address.name()),
                Text.trim(address.street()), Text.trimToNull(address.unit()), Text.trim(address.city()), address.state(),
                Text.trim(address.zipcode()), Timestamps.now(clock));
        return properties.insertIfNew(tenant, candidate, key)
                .map(created -> new CreateResult(created, true))
                .orElseGet(() -> new CreateResult(existing(tenant, key), false));
    }

    @Connectable
    public Property get(Tenant tenant, String id) {
        return properties.findById(tenant, id).orElseThrow(() -> ApiException.notFound("No property with id '" + Echo.of(id) + "'."));
    }

    @Connectable
    public Page<Property> list(Tenant tenant, PageRequest request) {
        return properties.page(tenant, request);
    }

    private Property existing(Tenant tenant, String key) {
        return properties.findByAddressKey(tenant, key).orElseThrow();
    }

    /** The property and whether this call created it. */
    public record CreateResult(Property property, boolean created) {
    }
}
