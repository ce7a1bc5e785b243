package io.tenantscreening.properties;

import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.PropertyInput;
import io.tenantscreening.api.model.PropertyList;
import io.tenantscreening.api.model.PropertyObject;
import io.tenantscreening.api.model.RentalProperty;
import io.tenantscreening.api.model.UsState;
import io.tenantscreening.contract.ApiEnums;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;


/** Translates between the generated API models and the property domain (also for orders, which embed properties). */
public final class PropertyMapper {

    private PropertyMapper() {
    }

    public static PropertyAddress toAddress(PropertyInput input) {
        return new PropertyAddress(input.getName() == null ? null : input.getName().orElse(null), input.getStreet(),
                input.getUnit() == null ? null : input.getUnit().orElse(null), input.getCity(), input.getState().getValue(),
                input.getZipcode());
    }

    public static RentalProperty toApi(Property property) {
        return new RentalProperty()
                .id(property.id())
                ._object(PropertyObject.PROPERTY)
                .name(property.name())
                .street(property.street())
                .unit(property.unit())
                .city(property.city())
                .state(ApiEnums.of(UsState.class, property.state()))
                .zipcode(property.zipcode())
                .createdAt(property.createdAt());
    }

    static PropertyList toApi(Page<Property> page, ListLinks.PageLinks links) {
        return new PropertyList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(PropertyMapper::toApi).toList());
    }
}
