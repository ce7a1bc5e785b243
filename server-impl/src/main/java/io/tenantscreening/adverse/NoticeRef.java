package io.tenantscreening.adverse;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.notices.NoticeKind;
import io.tenantscreening.work.TenantWork;

/** Which notice background work emails: its adverse action's tenant and id, and its kind. */
public record NoticeRef(String organizationId, String mode, String adverseActionId, NoticeKind kind) implements TenantWork {

    public static NoticeRef of(Tenant tenant, String adverseActionId, NoticeKind kind) {
        return new NoticeRef(tenant.organizationId(), tenant.mode().dbValue(), adverseActionId, kind);
    }

    public Tenant tenant() {
        return new Tenant(organizationId, Mode.fromDb(mode));
    }

    /** The id of its email's work: one piece of work per notice. */
    String workId() {
        return adverseActionId + "/" + NoticeRepository.dbValue(kind);
    }
}
