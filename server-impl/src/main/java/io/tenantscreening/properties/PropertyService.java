package io.tenantscreening.properties;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;

/**
 * Properties of one organisation and mode: create-or-reuse by address, read, list. Other
 * features (orders) reuse {@link #findOrCreate} so that inline addresses deduplicate the
 * same way.
 */
@Singleton
public class PropertyService {

    private final PropertyRepository properties;

    public PropertyService(PropertyRepository properties) {
        this.properties = properties;
    }

    /**
     * The property at this address: newly created, or the existing one when the address
     * matches (see {@link PropertyAddressKey}). Safe under concurrency: the database's
     * unique constraint decides which of several simultaneous creates wins.
     */
    @Transactional
    public CreateResult findOrCreate(Caller caller, PropertyAddress address) {
        String key = address.key();
        Property candidate = new Property(PublicIds.newId("pr", caller.mode()), blankToNull(address.name()),
                address.street().strip(), blankToNull(address.unit()), address.city().strip(), address.state(),
                address.zipcode().strip(), Instant.now().truncatedTo(ChronoUnit.MICROS));
        return properties.insertIfNew(caller, candidate, key)
                .map(created -> new CreateResult(created, true))
                .orElseGet(() -> new CreateResult(existing(caller, key), false));
    }

    @Transactional
    public Property get(Caller caller, String id) {
        return properties.findById(caller, id).orElseThrow(() -> ApiException.notFound("No property with id '" + Echo.of(id) + "'."));
    }

    /** The properties with these ids (in no particular order), in one query. */
    @Transactional
    public List<Property> findAll(Caller caller, Collection<String> ids) {
        return ids.isEmpty() ? List.of() : properties.findByIds(caller, ids);
    }

    @Transactional
    public Page<Property> list(Caller caller, PageRequest request) {
        return properties.page(caller, request);
    }

    private Property existing(Caller caller, String key) {
        return properties.findByAddressKey(caller, key).orElseThrow();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** The property and whether this call created it. */
    public record CreateResult(Property property, boolean created) {
    }
}
