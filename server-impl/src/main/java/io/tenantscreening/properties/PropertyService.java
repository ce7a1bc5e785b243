package io.tenantscreening.properties;

import io.micronaut.data.connection.annotation.Connectable;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Text;
import io.tenantscreening.common.Timestamps;
import io.micronaut.http.HttpStatus;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.jurisdictions.Jurisdiction;
import io.tenantscreening.jurisdictions.Jurisdictions;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

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
        try {
            checkJurisdiction(address);
        } catch (ApiException unsettled) {
            if (address.countyFips() != null || address.cityFips() != null) {
                throw unsettled;
            }
            return properties.findByAddressKey(tenant, key).map(stored -> new CreateResult(stored, false))
                    .orElseThrow(() -> unsettled);
        }
        Property candidate = new Property(PublicIds.newId("pr", tenant.mode()), Text.trimToNull(address.name()),
                Text.trim(address.street()), Text.trimToNull(address.unit()), Text.trim(address.city()), address.state(),
                Text.trim(address.zipcode()), Timestamps.now(clock), address.countyFips(), address.cityFips());
        return properties.insertIfNew(tenant, candidate, key)
                .map(created -> new CreateResult(created, true))
                .orElseGet(() -> new CreateResult(matching(existing(tenant, key), address), false));
    }

    /**
     * POST /properties, rule 9: an existing property matches a request that states no
     * jurisdiction, or the one stored with it; a different one is refused, naming both.
     */
    private static Property matching(Property existing, PropertyAddress address) {
        boolean states = address.countyFips() != null || address.cityFips() != null;
        if (states && !(Objects.equals(address.countyFips(), existing.statedCountyFips())
                && Objects.equals(address.cityFips(), existing.statedCityFips()))) {
            throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, List.of(new ErrorEntry("jurisdiction_conflict",
                    "Property '" + existing.id() + "' at this address was stored with jurisdiction county_fips "
                            + existing.statedCountyFips() + ", city_fips " + existing.statedCityFips() + "; this request states "
                            + address.countyFips() + ", " + address.cityFips()
                            + ". Send the stored values, or none, to use it.", ErrorSource.pointer("/property/jurisdiction"))));
        }
        return existing;
    }

    /** POST /properties, rules 5 to 8: refuses an address whose jurisdiction the data and the stated members do not settle. */
    public void checkJurisdiction(PropertyAddress address) {
        Jurisdictions.bundled().require(address.state(), Text.trim(address.zipcode()), address.countyFips(), address.cityFips());
    }

    /** Where the property lies for the law and the rules there, resolved now (a pure function of the shipped data). */
    public static Jurisdiction jurisdiction(Property property) {
        return Jurisdictions.bundled().read(property.state(), property.zipcode(), property.statedCountyFips(),
                property.statedCityFips());
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
