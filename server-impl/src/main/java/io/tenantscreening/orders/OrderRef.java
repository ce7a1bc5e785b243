package io.tenantscreening.orders;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.work.TenantWork;

/** Which order background work is about: its tenant and id (the data of an order's tasks). */
public record OrderRef(String organizationId, String mode, String orderId) implements TenantWork {

    public static OrderRef of(Tenant tenant, String orderId) {
        return new OrderRef(tenant.organizationId(), tenant.mode().dbValue(), orderId);
    }

    public Tenant tenant() {
        return new Tenant(organizationId, Mode.fromDb(mode));
    }
}
