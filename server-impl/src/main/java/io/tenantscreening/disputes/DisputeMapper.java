package io.tenantscreening.disputes;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.DisputedCheck;
import io.tenantscreening.api.model.DisputedRecord;
import io.tenantscreening.api.model.DisputeItem;
import io.tenantscreening.api.model.DisputeList;
import io.tenantscreening.api.model.DisputeStatement;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Disputes as the API shows them: each item's outcome only once the dispute is resolved (an
 * item another dispute's resolution decided early shows none until then), and the statement.
 */
@Singleton
public class DisputeMapper {

    private final JsonMapper json;

    public DisputeMapper(JsonMapper json) {
        this.json = json;
    }

    public io.tenantscreening.api.model.Dispute toApi(Dispute dispute) {
        return new io.tenantscreening.api.model.Dispute()
                .id(dispute.id())
                .liveMode(dispute.mode() == Mode.LIVE)
                .orderId(dispute.orderId())
                .reportId(dispute.reportId())
                .reportVersion(dispute.reportVersion())
                .status(dispute.status().value())
                .items(dispute.items().stream().map(item -> item(item, dispute.status() == Dispute.Status.RESOLVED)).toList())
                .reason(dispute.reason())
                .createdAt(dispute.createdAt())
                .deadline(dispute.deadline())
                .resolvedAt(dispute.resolvedAt())
                .statement(dispute.statement() == null ? null
                        : new DisputeStatement().text(dispute.statement().text()).filedAt(dispute.statement().filedAt()));
    }

    /** The dispute's JSON, as the API shows it. */
    String json(Dispute dispute) {
        try {
            return json.writeValueAsString(toApi(dispute));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    DisputeList toApi(Page<Dispute> page, ListLinks.PageLinks links) {
        return new DisputeList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(this::toApi).toList());
    }

    private DisputeItem item(Dispute.Item item, boolean resolved) {
        try {
            return new DisputeItem()
                    .check(item.check().value())
                    .record(item.record())
                    .disputedRecord(item.wholeCheck() ? null : json.readValue(item.disputed(), DisputedRecord.class))
                    .disputedCheck(item.wholeCheck() ? json.readValue(item.disputed(), DisputedCheck.class) : null)
                    .outcome(resolved ? item.outcome().value() : null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
