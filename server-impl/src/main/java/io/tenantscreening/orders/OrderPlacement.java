package io.tenantscreening.orders;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.billing.PaymentRefused;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.idempotency.AbandonedWork;
import io.tenantscreening.idempotency.IdempotentRequests;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.Set;

/**
 * Places orders. A test order is one transaction: its Idempotency-Key is accepted but
 * prevents no duplicates. A live order is placed under its key by the protocol of
 * {@link IdempotentRequests}, as the placement with its charge of {@link LiveOrderPlacement}.
 */
@Singleton
public class OrderPlacement implements AbandonedWork {

    private final IdempotentRequests requests;
    private final LiveOrderPlacement live;
    private final OrderCreation creation;
    private final TransactionOperations<Connection> transactions;

    public OrderPlacement(IdempotentRequests requests, LiveOrderPlacement live, OrderCreation creation,
                          TransactionOperations<Connection> transactions) {
        this.requests = requests;
        this.live = live;
        this.creation = creation;
        this.transactions = transactions;
    }

    /** What placing an order came to. */
    public sealed interface Placement permits Placed, Refused, Replayed {
    }

    /** A new order. */
    public record Placed(OrderView view) implements Placement {
    }

    /** The charge was refused: no order; the key keeps this answer. */
    public record Refused(PaymentRefused refusal) implements Placement {
    }

    /**
     * The stored answer to an earlier live request with the same key and body. For a 201,
     * {@code view} holds what the stored body leaves out: the application URL the order was
     * created with, and the records this request's include names, as they are now.
     */
    public record Replayed(int status, String body, OrderView view) implements Placement {
    }

    /**
     * Places an order. {@code canonicalRequest} is the request body in a normal form: it
     * decides whether a reused key comes with the same request.
     */
    public Placement place(Tenant tenant, PlaceOrder command, Set<Include> includes, String idempotencyKey,
                           String canonicalRequest) {
        if (tenant.mode() == Mode.TEST) {
            return new Placed(transactions.executeWrite(status -> creation.create(tenant, command, includes, null)));
        }
        return requests.handle(tenant, idempotencyKey, canonicalRequest, live.of(command, includes));
    }

    /**
     * Resumes live placements whose holders are gone (their leases ran out), so that a charge
     * taken just before a crash ends in an order or a refund even when no client retries.
     * Answers how many it resumed.
     */
    @Override
    public int resumeAbandoned() {
        return requests.resumeAbandoned(live.ofAbandoned());
    }
}
