package io.tenantscreening.disputes;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.work.TenantWork;

/** Which dispute background work is about: its tenant and id (the data of its reinvestigation and outcome email). */
public record DisputeRef(String organizationId, String mode, String disputeId) implements TenantWork {

    public static DisputeRef of(Tenant tenant, String disputeId) {
        return new DisputeRef(tenant.organizationId(), tenant.mode().dbValue(), disputeId);
    }

    public Tenant tenant() {
        return new Tenant(organizationId, Mode.fromDb(mode));
    }
}
