package io.tenantscreening.properties;

import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.PropertyInput;
import io.tenantscreening.api.model.PropertyList;
import io.tenantscreening.api.model.UsState;
import io.tenantscreening.common.ApiEnums;
import io.tenantscreening.common.lists.Page;

import java.net.URI;

/** Translates between the generated API models and the property domain (also for orders, which embed properties). */
public final class PropertyMapper {

    private PropertyMapper() {
    }

    public static PropertyAddress toAddress(PropertyInput input) {
        return new PropertyAddress(input.getName() == null ? null : input.getName().orElse(null), input.getStreet(),
                input.getUnit() == null ? null : input.getUnit().orElse(null), input.getCity(), input.getState().getValue(),
                input.getZipcode());
    }

    public static io.tenantscreening.api.model.Property toApi(Property property) {
        return new io.tenantscreening.api.model.Property()
                .id(property.id())
                .name(property.name())
                .street(property.street())
                .unit(property.unit())
                .city(property.city())
                .state(ApiEnums.of(UsState.class, property.state()))
                .zipcode(property.zipcode())
                .createdAt(property.createdAt());
    }

    static PropertyList toApi(Page<Property> page, String nextHref, String previousHref) {
        return new PropertyList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(nextHref == null ? null : URI.create(nextHref))
                .previousHref(previousHref == null ? null : URI.create(previousHref))
                .data(page.items().stream().map(PropertyMapper::toApi).toList());
    }
}
