package io.tenantscreening.disputes;

import io.micronaut.data.connection.annotation.Connectable;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import jakarta.inject.Singleton;

/** The report notices an organisation was sent ({@link EarlierRecipients} makes them), as the API reads them. */
@Singleton
public class ReportNotices {

    private final ReportNoticeRepository notices;

    public ReportNotices(ReportNoticeRepository notices) {
        this.notices = notices;
    }

    @Connectable
    public ReportNotice get(Tenant tenant, String id) {
        return notices.findById(tenant, id).orElseThrow(() -> ApiException.notFound("No report notice with id '" + Echo.of(id) + "'."));
    }

    @Connectable
    public Page<ReportNotice> list(Tenant tenant, PageRequest request) {
        return notices.page(tenant, request);
    }
}
