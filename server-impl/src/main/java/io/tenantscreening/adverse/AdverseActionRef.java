package io.tenantscreening.adverse;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.work.TenantWork;

/** Which adverse action background work is about: its tenant and id (the data of the end of its response window). */
public record AdverseActionRef(String organizationId, String mode, String adverseActionId) implements TenantWork {

    public static AdverseActionRef of(Tenant tenant, String adverseActionId) {
        return new AdverseActionRef(tenant.organizationId(), tenant.mode().dbValue(), adverseActionId);
    }

    public Tenant tenant() {
        return new Tenant(organizationId, Mode.fromDb(mode));
    }
}
