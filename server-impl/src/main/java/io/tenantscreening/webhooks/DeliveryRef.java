package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.work.TenantWork;

/** Which delivery background work is about: its tenant and id (the data of a deliver-webhook task). */
public record DeliveryRef(String organizationId, String mode, String deliveryId) implements TenantWork {

    static DeliveryRef of(Tenant tenant, String deliveryId) {
        return new DeliveryRef(tenant.organizationId(), tenant.mode().dbValue(), deliveryId);
    }

    Tenant tenant() {
        return new Tenant(organizationId, Mode.fromDb(mode));
    }
}
