package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.work.TenantWork;

/** Which endpoint background work delivers to: its tenant and id (the data of a drain-webhook-endpoint task). */
public record EndpointRef(String organizationId, String mode, String endpointId) implements TenantWork {

    static EndpointRef of(Tenant tenant, String endpointId) {
        return new EndpointRef(tenant.organizationId(), tenant.mode().dbValue(), endpointId);
    }

    Tenant tenant() {
        return new Tenant(organizationId, Mode.fromDb(mode));
    }
}
