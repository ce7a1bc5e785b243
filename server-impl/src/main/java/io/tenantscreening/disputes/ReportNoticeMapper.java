package io.tenantscreening.disputes;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.NoticeRecord;
import io.tenantscreening.api.model.ReportNoticeItem;
import io.tenantscreening.api.model.ReportNoticeList;
import io.tenantscreening.api.model.ReportNoticeObject;
import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Report notices as the API shows them. */
@Singleton
public class ReportNoticeMapper {

    private final JsonMapper json;

    public ReportNoticeMapper(JsonMapper json) {
        this.json = json;
    }

    io.tenantscreening.api.model.ReportNotice toApi(ReportNotice notice) {
        return new io.tenantscreening.api.model.ReportNotice()
                .id(notice.id())
                ._object(ReportNoticeObject.REPORT_NOTICE)
                .liveMode(notice.mode() == Mode.LIVE)
                .type(notice.type())
                .orderId(notice.orderId())
                .reportId(notice.reportId())
                .receivedAt(notice.receivedAt())
                .items(notice.items().stream().map(this::item).toList())
                .statement(notice.statement())
                .occurredAt(notice.occurredAt())
                .createdAt(notice.createdAt());
    }

    ReportNoticeList toApi(Page<ReportNotice> page, ListLinks.PageLinks links) {
        return new ReportNoticeList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(this::toApi).toList());
    }

    private ReportNoticeItem item(ReportNotice.Item item) {
        try {
            return new ReportNoticeItem().check(item.check().value())
                    .record(item.wholeCheck() ? null : json.readValue(item.record(), NoticeRecord.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
