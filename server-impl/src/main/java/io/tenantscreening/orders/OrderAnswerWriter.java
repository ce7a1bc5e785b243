package io.tenantscreening.orders;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/**
 * Writes orders as the API shows them, for what is stored rather than answered: the
 * answers an Idempotency-Key keeps for replays (the order's JSON for a 201, the error
 * envelope for a 402) and the objects of events. Services use it without knowing the API's
 * models, also in background work that no request is waiting for.
 */
@Singleton
public class OrderAnswerWriter {

    private final JsonMapper json;
    private final OrderChecks checks;

    public OrderAnswerWriter(JsonMapper json, OrderChecks checks) {
        this.json = json;
        this.checks = checks;
    }

    String created(OrderView stored) {
        return write(OrderMapper.toApi(stored));
    }

    /**
     * The order alone, as an event shows it: its checks as they stand at the event (no
     * embedded records; its application URL is null once it is no longer waiting).
     */
    String order(Tenant tenant, Order order) {
        return write(OrderMapper.toApi(new OrderView(order, null, checks.of(tenant, List.of(order)).get(order.id()), Set.of(),
                null, null, null)));
    }

    /** The order as an answer keeps it for its Idempotency-Key: without embedded records, which a replay embeds as they are then. */
    public String kept(OrderView view) {
        return write(OrderMapper.toApi(view.stored()));
    }

    String refused(ApiException refusal) {
        return write(refusal.envelope());
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
