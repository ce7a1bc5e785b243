package io.tenantscreening.orders;

import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.TransactionStatus;
import io.tenantscreening.billing.BillingService;
import io.tenantscreening.billing.ChargePlan;
import io.tenantscreening.billing.PaymentGateway;
import io.tenantscreening.billing.PaymentRefused;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.idempotency.Claim;
import io.tenantscreening.idempotency.IdempotentOperation;
import io.tenantscreening.idempotency.KeyStore;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.Optional;
import java.util.Set;

/**
 * A live order's placement with its charge, as the operation of an Idempotency-Key. It runs
 * in phases ({@link LivePlacement.Phase}), so that no transaction is open while the payment
 * gateway answers:
 * <ol>
 *   <li>claim: the charge the order needs is recorded (pending), the key claimed with the
 *       request sealed beside it, and the request checked against stored state, which finds
 *       the screening policy that applies. One transaction; a 4xx rolls all of it back, so
 *       nothing is charged for it.</li>
 *   <li>collect: a card charge is asked of the gateway, with the charge id as the
 *       gateway's idempotency key. No transaction.</li>
 *   <li>finish: the order and its records are created (with the policy the claim found),
 *       the key answered (201, or 402 when the card was refused) and the charge booked. One
 *       transaction. When the order can no longer be created (a 4xx, such as an applicant
 *       taken meanwhile), a collected charge is refunded and the key freed.</li>
 * </ol>
 * A request that takes the placement over resumes it with the stored request and charge
 * (and finds the policy again): repeating a charge is safe, the gateway answers with the
 * first outcome.
 */
@Singleton
public class LiveOrderPlacement {

    private static final String REQUEST_PURPOSE = "order-request";

    private final IdempotencyRepository keys;
    private final BillingService billing;
    private final OrderCreation creation;
    private final Sealer sealer;
    private final OrderAnswerWriter answers;
    private final OrderService reads;
    private final ApplicationTokens tokens;
    private final TransactionOperations<Connection> transactions;

    public LiveOrderPlacement(IdempotencyRepository keys, BillingService billing, OrderCreation creation, Sealer sealer,
                              OrderAnswerWriter answers, OrderService reads, ApplicationTokens tokens,
                              TransactionOperations<Connection> transactions) {
        this.keys = keys;
        this.billing = billing;
        this.creation = creation;
        this.sealer = sealer;
        this.answers = answers;
        this.reads = reads;
        this.tokens = tokens;
        this.transactions = transactions;
    }

    /** The placement of this request's order; the answer embeds what {@code includes} names. */
    IdempotentOperation<LivePlacement, OrderPlacement.Placement> of(PlaceOrder command, Set<Include> includes) {
        return new Operation(command, includes);
    }

    /** The placement of whatever order a taken-over key holds, for the sweep: it claims nothing and embeds nothing. */
    IdempotentOperation<LivePlacement, OrderPlacement.Placement> ofAbandoned() {
        return new Operation(null, Set.of());
    }

    private final class Operation implements IdempotentOperation<LivePlacement, OrderPlacement.Placement> {

        private final PlaceOrder command;
        private final Set<Include> includes;

        Operation(PlaceOrder command, Set<Include> includes) {
            this.command = command;
            this.includes = includes;
        }

        @Override
        public KeyStore keys() {
            return keys;
        }

        /** The charge is recorded first, so that the claim names it in the same statement. */
        @Override
        public Optional<LivePlacement> claim(Tenant tenant, String key, Claim claim) {
            Sealer.Sealed request = sealer.seal(REQUEST_PURPOSE, boundTo(tenant, key), PlaceOrderCodec.write(command));
            BillingService.Recorded charge = billing.recordCharge(tenant, command.packageSlug(), command.addOnProducts(),
                    command.payer() == Payer.ORGANIZATION).orElse(null);
            LivePlacement placement = new LivePlacement(tenant, key, command, charge);
            if (!keys.claim(tenant, key, claim, request, placement.plan(), placement.chargeId())) {
                if (charge != null) {
                    billing.dropPending(tenant, charge.id());
                }
                return Optional.empty();
            }
            placement.policy(creation.check(tenant, command));
            return Optional.of(placement);
        }

        @Override
        public LivePlacement resume(Tenant tenant, String key) {
            IdempotencyRepository.Held held = keys.held(tenant, key)
                    .orElseThrow(() -> new IllegalStateException("the placement taken over is finished"));
            PlaceOrder stored = PlaceOrderCodec.read(sealer.open(REQUEST_PURPOSE, boundTo(tenant, key), held.request()));
            return new LivePlacement(tenant, key, stored,
                    held.chargeId() == null ? null : billing.pending(tenant, held.chargeId()));
        }

        @Override
        public Optional<OrderPlacement.Placement> run(LivePlacement placement) {
            if (placement.plan() == ChargePlan.CARD) {
                placement.collected(billing.collect(placement.tenant(), placement.charge()));
            }
            return transactions.executeWrite(status -> finish(placement, status));
        }

        /**
         * Phase 3, in a transaction. The key is answered only while it has no answer: a
         * request that took the placement over (this one's lease ran out meanwhile) may have
         * finished it first. Then this one's order is rolled back, and it is empty. The key's
         * row is locked before the charge's, as in the transaction that frees a key.
         */
        private Optional<OrderPlacement.Placement> finish(LivePlacement placement, TransactionStatus<?> status) {
            Tenant tenant = placement.tenant();
            if (placement.collected() instanceof PaymentGateway.Refused refused) {
                PaymentRefused refusal = new PaymentRefused(refused.reason());
                if (!keys.answer(tenant, placement.key(), new KeyStore.Answer(refusal.status().getCode(),
                        answers.refused(refusal), null))) {
                    placement.moveTo(LivePlacement.Phase.SUPERSEDED);
                    return Optional.empty();
                }
                billing.refused(tenant, placement.chargeId(), refused.reason());
                placement.moveTo(LivePlacement.Phase.REFUSED);
                return Optional.of(new OrderPlacement.Refused(refusal));
            }
            OrderView view = creation.create(tenant, placement.command(), includes, placement.policy());
            if (!keys.answer(tenant, placement.key(), new KeyStore.Answer(201, answers.created(view.stored()), view.order().id()))) {
                status.setRollbackOnly();
                placement.moveTo(LivePlacement.Phase.SUPERSEDED);
                return Optional.empty();
            }
            billing.settle(tenant, placement.plan(), placement.chargeId(), placement.collected(), view.order().id());
            placement.moveTo(LivePlacement.Phase.PLACED);
            return Optional.of(new OrderPlacement.Placed(view));
        }

        @Override
        public void undo(LivePlacement placement) {
            Tenant tenant = placement.tenant();
            boolean charged = placement.phase() == LivePlacement.Phase.COLLECTED;
            if (charged) {
                billing.refundAtGateway(placement.chargeId());
            }
            transactions.executeWrite(status -> {
                keys.free(tenant, placement.key());
                if (charged) {
                    billing.refunded(tenant, placement.chargeId());
                } else if (placement.plan() == ChargePlan.INVOICE) {
                    billing.dropPending(tenant, placement.chargeId());
                }
                return null;
            });
            placement.moveTo(LivePlacement.Phase.UNDONE);
        }

        /**
         * For a 201, the view holds what the stored body leaves out: the application URL the
         * order was created with, and the records this request's include names, as they are now.
         */
        @Override
        public OrderPlacement.Placement replay(Tenant tenant, KeyStore.Answer answer) {
            if (answer.createdId() == null) {
                return new OrderPlacement.Replayed(answer.status(), answer.body(), null);
            }
            OrderView now = reads.view(tenant, answer.createdId(), includes);
            Order order = now.order();
            String urlAtCreation = order.applicationToken() == null ? null : tokens.url(order.id(), order.applicationToken());
            return new OrderPlacement.Replayed(answer.status(), answer.body(),
                    new OrderView(order, urlAtCreation, now.checks(), includes, now.property(), now.applicant(), now.requester()));
        }
    }

    /** What a sealed request is bound to: its organisation and key, so it cannot be moved to another row. */
    private static String boundTo(Tenant tenant, String key) {
        return tenant.organizationId() + "|" + key;
    }
}
