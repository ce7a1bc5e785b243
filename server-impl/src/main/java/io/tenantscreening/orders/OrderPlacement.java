package io.tenantscreening.orders;

import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.TransactionStatus;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.billing.BillingService;
import io.tenantscreening.billing.ChargePlan;
import io.tenantscreening.billing.PaymentGateway;
import io.tenantscreening.billing.PaymentRefused;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.ErrorSource;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.common.crypto.Hmac;
import io.tenantscreening.common.crypto.KeyRing;
import io.tenantscreening.common.crypto.Sealer;
import io.tenantscreening.common.crypto.SealingKeys;
import io.tenantscreening.properties.Property;
import io.tenantscreening.properties.PropertyService;
import io.tenantscreening.requesters.OriginalRequester;
import io.tenantscreening.requesters.RequesterService;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;

/**
 * Places orders. A test order is one transaction. A live order is placed in phases, so
 * that no transaction is open while the payment gateway answers:
 * <ol>
 *   <li>claim: the Idempotency-Key is inserted with a lease, the checked request sealed
 *       beside it; the request is checked against stored state; a charge the order will
 *       need is recorded (pending). One transaction; a 4xx rolls all of it back.</li>
 *   <li>collect: a card charge is asked of the gateway, with the charge id as the
 *       gateway's idempotency key. No transaction.</li>
 *   <li>finish: the order and its records are created, the key given its answer (201, or
 *       402 when the card was refused) and the charge booked. One transaction. When the
 *       order can no longer be created (a 4xx, such as an applicant taken meanwhile), a
 *       collected charge is refunded and the key freed.</li>
 * </ol>
 * A request whose key is held by another request waits for its answer. When the holder's
 * lease runs out (it crashed, or gave up after a failure), the next request with the key,
 * or the sweep of abandoned placements, takes the placement over and resumes it from its
 * phase with the stored request: repeating a charge is safe, the gateway answers with the
 * first outcome. Should the first holder still come to finish, the one that finishes second
 * finds the key answered, rolls its order back and answers what the first stored.
 */
@Singleton
public class OrderPlacement {

    private static final Logger LOG = LoggerFactory.getLogger(OrderPlacement.class);
    private static final String APPLY_TEST_DOMAIN = "@apply.test";
    private static final String DIGEST_PURPOSE = "idempotency-request";
    private static final String REQUEST_PURPOSE = "order-request";
    private static final String ACTOR_API = "api";
    private static final int SWEEP_BATCH = 100;

    private final OrderRepository orders;
    private final IdempotencyRepository idempotency;
    private final OrderService reads;
    private final PropertyService properties;
    private final ApplicantService applicants;
    private final RequesterService requesters;
    private final BillingService billing;
    private final ApplicationTokens tokens;
    private final SealingKeys keys;
    private final Sealer sealer;
    private final OrderAnswerWriter answers;
    private final OrderLifecycle lifecycle;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;
    private final Duration lease;

    public OrderPlacement(OrderRepository orders, IdempotencyRepository idempotency, OrderService reads,
                          PropertyService properties, ApplicantService applicants, RequesterService requesters,
                          BillingService billing, ApplicationTokens tokens, SealingKeys keys, Sealer sealer,
                          OrderAnswerWriter answers, OrderLifecycle lifecycle, TransactionOperations<Connection> transactions,
                          Clock clock,
                          @Value("${screening.orders.placement-lease}") Duration lease) {
        this.orders = orders;
        this.idempotency = idempotency;
        this.reads = reads;
        this.properties = properties;
        this.applicants = applicants;
        this.requesters = requesters;
        this.billing = billing;
        this.tokens = tokens;
        this.keys = keys;
        this.sealer = sealer;
        this.answers = answers;
        this.lifecycle = lifecycle;
        this.transactions = transactions;
        this.clock = clock;
        this.lease = lease;
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

    /** A live placement whose lease this instance holds; {@code charge} is null when the organisation does not pay. */
    private record Work(Tenant tenant, String key, PlaceOrder command, BillingService.Recorded charge) {
        String chargeId() {
            return charge == null ? null : charge.id();
        }

        ChargePlan payment() {
            return charge == null ? ChargePlan.NONE : charge.plan();
        }
    }

    /**
     * Places an order. {@code canonicalRequest} is the request body in a normal form: it
     * decides whether a reused key comes with the same request.
     */
    public Placement place(Tenant tenant, PlaceOrder command, Set<Include> includes, String idempotencyKey,
                           String canonicalRequest) {
        if (tenant.mode() == Mode.TEST) {
            return new Placed(transactions.executeWrite(status -> create(tenant, command, includes)));
        }
        while (true) {
            Optional<Work> claimed = transactions.executeWrite(status -> claim(tenant, command, idempotencyKey, canonicalRequest));
            if (claimed.isPresent()) {
                return proceed(claimed.get(), includes);
            }
            Optional<Placement> answered = await(tenant, idempotencyKey, canonicalRequest, includes);
            if (answered.isPresent()) {
                return answered.get();
            }
        }
    }

    /**
     * Resumes placements whose holders are gone (their leases ran out), so that a charge
     * taken just before a crash ends in an order or a refund even when no client retries.
     * Takes up to a batch at a time (the sweep runs again for the rest); answers how many
     * it resumed.
     */
    public int resumeAbandoned() {
        int resumed = 0;
        for (IdempotencyRepository.Abandoned abandoned
                : transactions.executeRead(status -> idempotency.abandoned(Timestamps.now(clock), SWEEP_BATCH))) {
            Tenant tenant = new Tenant(abandoned.organizationId(), Mode.LIVE);
            try {
                if (takeOver(tenant, abandoned.key()).map(work -> proceed(work, Set.of())).isPresent()) {
                    resumed++;
                }
            } catch (ApiException refused) {
                LOG.info("abandoned placement {} of {} ended without an order: {}", abandoned.key(),
                        abandoned.organizationId(), refused.errors().get(0).code());
            } catch (RuntimeException e) {
                LOG.error("abandoned placement {} of {} could not be resumed", abandoned.key(), abandoned.organizationId(), e);
            }
        }
        return resumed;
    }

    /** Phase 1, in a transaction: empty when the key is already used. */
    private Optional<Work> claim(Tenant tenant, PlaceOrder command, String key, String canonicalRequest) {
        KeyRing.Key sealing = keys.forSealing();
        Instant now = Timestamps.now(clock);
        Sealer.Sealed request = sealer.seal(REQUEST_PURPOSE, boundTo(tenant, key), PlaceOrderCodec.write(command));
        // The charge is recorded first, so that the claim names it in the same statement.
        BillingService.Recorded charge = billing.recordCharge(tenant, command.packageSlug(), command.addOnProducts(),
                command.payer() == Payer.ORGANIZATION).orElse(null);
        Work work = new Work(tenant, key, command, charge);
        if (!idempotency.claim(tenant, key, requestDigest(sealing, canonicalRequest), sealing.id(), request,
                work.payment().dbValue(), work.chargeId(), now.plus(lease), now)) {
            if (charge != null) {
                billing.dropPending(tenant, charge.id());
            }
            return Optional.empty();
        }
        check(tenant, command);
        return Optional.of(work);
    }

    /** Phases 2 and 3 of a claimed placement. */
    private Placement proceed(Work work, Set<Include> includes) {
        PaymentGateway.Outcome collected = null;
        try {
            if (work.payment() == ChargePlan.CARD) {
                collected = billing.collect(work.tenant(), work.charge());
            }
            PaymentGateway.Outcome outcome = collected;
            return transactions.executeWrite(status -> finish(work, outcome, includes, status))
                    .orElseGet(() -> answeredByAnotherHolder(work, includes)
                            .orElseThrow(() -> new IllegalStateException("the placement's key is gone")));
        } catch (ApiException notPlaced) {
            // What another holder of the placement created as it finished first (the applicant
            // it attached to its order, say) can make this holder's order fail: its answer stands.
            Optional<Placement> answered = answeredByAnotherHolder(work, includes);
            if (answered.isPresent()) {
                return answered.get();
            }
            boolean charged = collected instanceof PaymentGateway.Charged;
            if (charged) {
                billing.refundAtGateway(work.chargeId());
            }
            transactions.executeWrite(status -> {
                idempotency.delete(work.tenant(), work.key());
                if (charged) {
                    billing.refunded(work.tenant(), work.chargeId());
                } else if (work.payment() == ChargePlan.INVOICE) {
                    billing.dropPending(work.tenant(), work.chargeId());
                }
                return null;
            });
            throw notPlaced;
        } catch (RuntimeException failure) {
            transactions.executeWrite(status -> {
                idempotency.release(work.tenant(), work.key(), Timestamps.now(clock));
                return null;
            });
            throw failure;
        }
    }

    /** The answer stored by another holder of the placement that finished it first, as a replay. */
    private Optional<Placement> answeredByAnotherHolder(Work work, Set<Include> includes) {
        return transactions.executeRead(status -> idempotency.find(work.tenant(), work.key())
                .filter(row -> row.state() == IdempotencyRepository.State.FINISHED)
                .map(row -> replay(work.tenant(), row, includes)));
    }

    /**
     * Phase 3, in a transaction. The key is given its answer only while it has none: a
     * request that took the placement over (this one's lease ran out meanwhile) may have
     * finished it first. Then this one's order is rolled back, and it is empty: the caller
     * answers what the other stored. The key's row is locked last, as the transaction that
     * frees a key locks it before the charge.
     */
    private Optional<Placement> finish(Work work, PaymentGateway.Outcome collected, Set<Include> includes,
                                       TransactionStatus<?> status) {
        Tenant tenant = work.tenant();
        if (collected instanceof PaymentGateway.Refused refused) {
            PaymentRefused refusal = new PaymentRefused(refused.reason());
            if (!idempotency.finish(tenant, work.key(), refusal.status().getCode(), answers.refused(refusal), null)) {
                return Optional.empty();
            }
            billing.refused(tenant, work.chargeId(), refused.reason());
            return Optional.of(new Refused(refusal));
        }
        OrderView view = create(tenant, work.command(), includes);
        if (!idempotency.finish(tenant, work.key(), 201, answers.created(view.stored()), view.order().id())) {
            status.setRollbackOnly();
            return Optional.empty();
        }
        billing.settle(tenant, work.payment(), work.chargeId(), collected, view.order().id());
        return Optional.of(new Placed(view));
    }

    /**
     * Waits while another request holds the key, then answers what it stored, or takes the
     * placement over when its lease has run out. Empty when the key was freed (the other
     * request ended in an answer that is not kept): the caller claims it again.
     */
    private Optional<Placement> await(Tenant tenant, String key, String canonicalRequest, Set<Include> includes) {
        long pauseMillis = 10;
        boolean sameRequest = false;
        while (true) {
            Optional<IdempotencyRepository.Row> found = transactions.executeRead(status -> idempotency.find(tenant, key));
            if (found.isEmpty()) {
                return Optional.empty();
            }
            IdempotencyRepository.Row row = found.get();
            if (!sameRequest) {
                requireSameRequest(row, canonicalRequest);
                sameRequest = true;
            }
            if (row.state() == IdempotencyRepository.State.FINISHED) {
                return Optional.of(transactions.executeRead(status -> replay(tenant, row, includes)));
            }
            if (row.lockedUntil().isAfter(Timestamps.now(clock))) {
                pause(pauseMillis);
                pauseMillis = Math.min(pauseMillis * 2, 200);
            } else {
                Optional<Work> taken = takeOver(tenant, key);
                if (taken.isPresent()) {
                    return Optional.of(proceed(taken.get(), includes));
                }
            }
        }
    }

    /** Takes over an unfinished placement whose lease has run out; empty when another taker was first. */
    private Optional<Work> takeOver(Tenant tenant, String key) {
        return transactions.executeWrite(status -> {
            Optional<IdempotencyRepository.Row> found = idempotency.find(tenant, key);
            Instant now = Timestamps.now(clock);
            if (found.isEmpty() || found.get().state() == IdempotencyRepository.State.FINISHED
                    || found.get().lockedUntil().isAfter(now)
                    || !idempotency.takeOver(tenant, key, found.get().lockedUntil(), now.plus(lease))) {
                return Optional.empty();
            }
            IdempotencyRepository.Row row = found.get();
            PlaceOrder command = PlaceOrderCodec.read(sealer.open(REQUEST_PURPOSE, boundTo(tenant, key), row.request()));
            return Optional.of(new Work(tenant, key, command, row.chargeId() == null ? null : billing.pending(tenant, row.chargeId())));
        });
    }

    private Replayed replay(Tenant tenant, IdempotencyRepository.Row row, Set<Include> includes) {
        if (row.orderId() == null) {
            return new Replayed(row.status(), row.body(), null);
        }
        OrderView now = reads.view(tenant, row.orderId(), includes);
        Order order = now.order();
        String urlAtCreation = order.applicationToken() == null ? null : tokens.url(order.id(), order.applicationToken());
        return new Replayed(row.status(), row.body(),
                new OrderView(order, urlAtCreation, includes, now.property(), now.applicant(), now.requester()));
    }

    private void requireSameRequest(IdempotencyRepository.Row row, String canonicalRequest) {
        if (!MessageDigest.isEqual(requestDigest(keys.get(row.digestKeyId()), canonicalRequest), row.requestDigest())) {
            throw ApiException.invalid(ErrorSource.header("Idempotency-Key"),
                    "This Idempotency-Key was already used with a different request body. Send a new key for a new request.");
        }
    }

    /**
     * The checks of stored state (payer, referenced records): at the claim, so nothing is
     * charged for a request that cannot become an order, and again when the order is created.
     */
    private Checked check(Tenant tenant, PlaceOrder command) {
        checkPayer(tenant, command);
        Property property = command.propertyId() == null ? null : properties.get(tenant, command.propertyId());
        Applicant applicant = command.applicantId() == null ? null : applicants.require(tenant, command.applicantId());
        if (applicant != null && orders.applicantHasOrder(tenant, applicant.id())) {
            throw alreadyAttached(applicant.id());
        }
        OriginalRequester requester = command.requesterId() == null ? null
                : requesters.requireActive(tenant, command.requesterId());
        return new Checked(property, applicant, requester);
    }

    /** The records a checked request names by id. */
    private record Checked(Property property, Applicant applicant, OriginalRequester requester) {
    }

    /** Creates the order and the records it brings, in the caller's transaction. */
    private OrderView create(Tenant tenant, PlaceOrder command, Set<Include> includes) {
        Checked checked = check(tenant, command);
        Property property = checked.property() != null ? checked.property()
                : properties.findOrCreate(tenant, command.property()).property();
        Applicant applicant = checked.applicant() != null ? checked.applicant() : applicants.create(tenant, command.applicant());
        OriginalRequester requester = command.requester() == null ? checked.requester()
                : requesters.upsert(tenant, command.requester(), "/order/original_requester/external_id");
        OrderStatus status = tenant.mode() == Mode.LIVE || applicant.email().toLowerCase(Locale.ROOT).endsWith(APPLY_TEST_DOMAIN)
                ? OrderStatus.WAITING_FOR_APPLICANT : OrderStatus.PENDING;
        String orderId = PublicIds.newId("ord", tenant.mode());
        ApplicationTokens.Issued token = status == OrderStatus.WAITING_FOR_APPLICANT ? tokens.issue(orderId) : null;
        Instant now = Timestamps.now(clock);
        Order order = new Order(orderId, tenant.mode(), status, command.packageSlug(), command.addOnProducts(), command.payer(),
                property.id(), applicant.id(), requester == null ? null : requester.id(),
                token == null ? null : token.seed(), now, null, null);
        try {
            orders.insert(tenant, order, token == null ? null : token.digest(), ACTOR_API);
        } catch (Jdbc.DataAccessException e) {
            if (e.violates("orders_applicant_unique")) {
                throw alreadyAttached(applicant.id());
            }
            throw e;
        }
        if (status == OrderStatus.PENDING) {
            lifecycle.createdPending(tenant, order);
        } else {
            lifecycle.createdWaiting(tenant, order, applicant.phoneNumber());
        }
        return reads.view(order, includes, property, applicant, requester);
    }

    private void checkPayer(Tenant tenant, PlaceOrder command) {
        if (command.payer() != Payer.APPLICANT) {
            return;
        }
        if (tenant.mode() == Mode.TEST) {
            throw ApiException.invalid(ErrorSource.pointer("/order/payer"),
                    "payer 'applicant' is available in live mode only; test orders are always paid by the organization.");
        }
        if (billing.invoiced(tenant.organizationId())) {
            throw ApiException.invalid(ErrorSource.pointer("/order/payer"),
                    "payer 'applicant' is not available to organisations billed on invoice; omit payer or send 'organization'.");
        }
    }

    private static ApiException alreadyAttached(String applicantId) {
        return ApiException.invalid(ErrorSource.pointer("/order/applicant_id"), "Applicant '" + applicantId
                + "' already belongs to an order; applicants and orders are one to one. Send a new applicant instead.");
    }

    /** What a sealed request is bound to: its organisation and key, so it cannot be moved to another row. */
    private static String boundTo(Tenant tenant, String key) {
        return tenant.organizationId() + "|" + key;
    }

    private static byte[] requestDigest(KeyRing.Key key, String canonicalRequest) {
        return Hmac.sha256(key.derive(DIGEST_PURPOSE), canonicalRequest.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Sleeps, as a managed block: the request threads are a fork-join pool as wide as the
     * requests worked on at once ({@code REQUEST_THREADS}), and it lends another thread while
     * this one waits, so requests waiting on other requests never hold up the rest.
     */
    private static void pause(long millis) {
        try {
            ForkJoinPool.managedBlock(new Sleep(millis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another request with the same Idempotency-Key", e);
        }
    }

    /** A sleep that a fork-join pool can compensate for. */
    private static final class Sleep implements ForkJoinPool.ManagedBlocker {
        private final long millis;
        private boolean done;

        Sleep(long millis) {
            this.millis = millis;
        }

        @Override
        public boolean block() throws InterruptedException {
            Thread.sleep(millis);
            done = true;
            return true;
        }

        @Override
        public boolean isReleasable() {
            return done;
        }
    }
}
