package io.tenantscreening.requesters;

import io.tenantscreening.api.model.OriginalRequesterObject;
import io.tenantscreening.api.model.RequesterType;
import io.tenantscreening.contract.ApiEnums;

/** Translates an original requester into the generated API model. */
public final class RequesterMapper {

    private RequesterMapper() {
    }

    public static io.tenantscreening.api.model.OriginalRequester toApi(OriginalRequester requester) {
        return new io.tenantscreening.api.model.OriginalRequester()
                .id(requester.id())
                ._object(OriginalRequesterObject.ORIGINAL_REQUESTER)
                .externalId(requester.externalId())
                .type(ApiEnums.of(RequesterType.class, requester.type()))
                .name(requester.name())
                .email(requester.email())
                .phoneNumber(requester.phoneNumber())
                .street(requester.street())
                .unit(requester.unit())
                .city(requester.city())
                .state(requester.state())
                .zipcode(requester.zipcode())
                .createdAt(requester.createdAt());
    }
}
