package io.tenantscreening.adverse;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.idempotency.IdempotentRequests;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.notices.NoticeKind;
import jakarta.inject.Singleton;

import java.sql.Connection;

/**
 * Takes adverse actions and reads them and their notices. A test one is taken in one
 * transaction: its Idempotency-Key is checked by the contract but prevents no duplicates.
 * A live one is taken under its key by the protocol of {@link IdempotentRequests}, as
 * {@link IdempotentAdverseActions}. Changes of state are {@link AdverseActionLifecycle}'s.
 */
@Singleton
public class AdverseActionService {

    private final AdverseActionLifecycle lifecycle;
    private final IdempotentAdverseActions live;
    private final IdempotentRequests requests;
    private final AdverseActionRepository actions;
    private final NoticeRepository notices;
    private final TransactionOperations<Connection> transactions;

    public AdverseActionService(AdverseActionLifecycle lifecycle, IdempotentAdverseActions live, IdempotentRequests requests,
                                AdverseActionRepository actions, NoticeRepository notices,
                                TransactionOperations<Connection> transactions) {
        this.lifecycle = lifecycle;
        this.live = live;
        this.requests = requests;
        this.actions = actions;
        this.notices = notices;
        this.transactions = transactions;
    }

    /** What taking an adverse action came to. */
    public sealed interface Taken permits Created, Replayed {
    }

    /** A new adverse action. */
    public record Created(AdverseAction action) implements Taken {
    }

    /** The stored answer (201) to an earlier live request with the same key and body: the adverse action as it was then. */
    public record Replayed(String body) implements Taken {
    }

    /**
     * Takes an adverse action. {@code canonicalRequest} is the request body in a normal
     * form: it decides whether a reused key comes with the same request.
     */
    Taken take(Tenant tenant, TakeAdverseAction command, String idempotencyKey, String canonicalRequest) {
        if (tenant.mode() == Mode.TEST) {
            return new Created(transactions.executeWrite(status -> lifecycle.take(tenant, command)));
        }
        return requests.handle(tenant, idempotencyKey, canonicalRequest, live.of(command));
    }

    /** Takes the adverse actions of keys whose holders died before answering; how many. */
    int resumeAbandoned() {
        return requests.resumeAbandoned(live.of(null));
    }

    /** Reads run without a transaction of their own, as {@code OrderService.get} explains. */
    @Connectable
    public AdverseAction get(Tenant tenant, String id) {
        return actions.findById(tenant, id).orElseThrow(() -> AdverseActionLifecycle.notFound(id));
    }

    @Connectable
    public Page<AdverseAction> list(Tenant tenant, PageRequest request, String orderId) {
        return actions.page(tenant, request, orderId);
    }

    /** The notice's PDF as it was sent; 404 for an adverse action the tenant does not have, or that has no such notice (yet). */
    @Connectable
    public byte[] notice(Tenant tenant, String id, NoticeKind kind) {
        AdverseAction action = get(tenant, id);
        return notices.find(tenant, action.id(), kind).map(NoticeRepository.Notice::pdf)
                .orElseThrow(() -> ApiException.notFound(kind == NoticeKind.PRE_ADVERSE
                        ? "Adverse action '" + action.id() + "' has no pre-adverse notice: it was taken with notice \"final\"."
                        : "Adverse action '" + action.id() + "' has no adverse action notice" + (action.status()
                        == AdverseAction.Status.CANCELED ? ": it was canceled during its response window."
                        : " yet: it is made when the response window ends.")));
    }
}
