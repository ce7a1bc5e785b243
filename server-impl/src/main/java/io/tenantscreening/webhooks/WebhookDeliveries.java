package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.Priority;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.work.WorkLogFields;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Delivers events to webhook endpoints. {@link WebhookFanOut} writes each delivery with a
 * {@code deliver-webhook} task, in the event's transaction. A task takes one of its
 * endpoint's slots ({@link EndpointSlots}: at most {@code endpoint-concurrency} deliverers
 * per endpoint across every instance) and then delivers the endpoint's due deliveries oldest
 * first, claiming each so that no two attempts of one delivery overlap, its own among them,
 * until none is left, an attempt fails, or {@link #DRAIN} has passed; then a
 * {@code drain-webhook-endpoint} task goes on, so the work thread is shared.
 * <p>
 * A task that finds every slot held simply ends: each holder looks for due deliveries again
 * after giving its slot back, so its delivery is not forgotten. A failed attempt pauses the
 * endpoint until that delivery's retry, when a task of that retry comes back; while the
 * endpoint is failing only one slot may be taken, so a dead endpoint gets one attempt per
 * retry, not one per slot. A holder that sees a backlog calls the next slot's drain task in,
 * so an endpoint that recovers from a pause is soon served by every slot again, and a
 * recurring sweep ({@link #resumeForgotten}) finds what a dead instance left behind.
 * Events therefore reach an endpoint roughly, not strictly, in order; receivers order them
 * by {@code sequence}.
 */
@Singleton
public class WebhookDeliveries {

    /** The delivery of one event to one endpoint. */
    static final TaskDescriptor<DeliveryRef> DELIVERY = TaskDescriptor.of("deliver-webhook", DeliveryRef.class);
    /** Delivering an endpoint's due deliveries, for one more slot, to go on with a drain, or after the sweep. */
    static final TaskDescriptor<EndpointRef> DRAIN_ENDPOINT = TaskDescriptor.of("drain-webhook-endpoint", EndpointRef.class);

    /**
     * Webhook work comes after the rest of the work (screenings, emails, payments) when
     * instances are short of threads or CPU: the order's life cycle goes first, deliveries
     * catch up after.
     */
    static final int PRIORITY = Priority.LOW;

    private static final Duration DRAIN = Duration.ofSeconds(5);
    private static final Duration BUSY_RETRY = Duration.ofMillis(300);
    /** Endpoints the safety sweep looks at, at most, each time. */
    private static final int SWEEP_BATCH = 1_000;

    private final WebhookDeliveryRepository deliveries;
    private final WebhookEndpointRepository endpoints;
    private final EndpointSlots slots;
    private final WebhookAttempts attempts;
    private final WebhookSettings settings;
    private final SchedulerClient work;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;
    private final Semaphore workers;

    public WebhookDeliveries(WebhookDeliveryRepository deliveries, WebhookEndpointRepository endpoints, EndpointSlots slots,
                             WebhookAttempts attempts, WebhookSettings settings, SchedulerClient work,
                             TransactionOperations<Connection> transactions, Clock clock) {
        this.deliveries = deliveries;
        this.endpoints = endpoints;
        this.slots = slots;
        this.attempts = attempts;
        this.settings = settings;
        this.work = work;
        this.transactions = transactions;
        this.clock = clock;
        this.workers = new Semaphore(settings.getWorkers());
    }

    /** Runs one deliver-webhook task: when to run it again, or empty when it is done. */
    Optional<Instant> deliver(DeliveryRef ref) {
        Tenant tenant = ref.tenant();
        Optional<WebhookDelivery> own = read(tenant, ref.deliveryId());
        if (own.isEmpty() || !own.get().status().equals("pending")) {
            return Optional.empty();
        }
        if (own.get().nextAttemptAt().isAfter(Timestamps.now(clock))) {
            return own.map(WebhookDelivery::nextAttemptAt);
        }
        Outcome outcome = drain(tenant, own.get().endpointId());
        if (outcome.goOn()) {
            // This task ends once its own delivery is done, so a drain task carries on (named
            // for the slot's holding, so it cannot be a task of that name about to end).
            transactions.executeWrite(status -> work.scheduleIfNotExists(
                    DRAIN_ENDPOINT.instance(own.get().endpointId() + "/after-" + outcome.holding()).priority(PRIORITY)
                            .data(EndpointRef.of(tenant, own.get().endpointId())).scheduledTo(Timestamps.now(clock))));
        }
        if (outcome.failed()) {
            // Its own delivery may be the one that failed: then it comes back for the retry.
            Optional<Instant> retry = read(tenant, ref.deliveryId()).filter(delivery -> delivery.status().equals("pending"))
                    .map(WebhookDelivery::nextAttemptAt).filter(at -> at.isAfter(Timestamps.now(clock)));
            if (retry.isPresent()) {
                return retry;
            }
        }
        return outcome.comeBack();
    }

    /** Runs one drain-webhook-endpoint task: when to run it again, or empty when it is done. */
    Optional<Instant> drain(EndpointRef ref) {
        Outcome outcome = drain(ref.tenant(), ref.endpointId());
        return outcome.goOn() ? Optional.of(Timestamps.now(clock)) : outcome.comeBack();
    }

    /**
     * How a drain ended: either the holder of a slot must go on at once (it ran out of time
     * or lost its slot; {@code holding} names that holding), or when the task should come
     * back, if at all, and whether an attempt failed.
     */
    private record Outcome(String holding, Optional<Instant> comeBack, boolean failed) {

        static Outcome goOn(String holding) {
            return new Outcome(holding, Optional.empty(), false);
        }

        static Outcome comeBack(Optional<Instant> at) {
            return new Outcome(null, at, false);
        }

        static Outcome failedAttempt() {
            return new Outcome(null, Optional.empty(), true);
        }

        boolean goOn() {
            return holding != null;
        }
    }

    /**
     * Delivers the endpoint's due deliveries while this instance has a worker and the
     * endpoint a free slot. Goes on at once after a drain that ran out of time or lost its
     * slot; comes back when the pause ends for a paused endpoint, or shortly when this
     * instance's workers are all busy; else ends, as the holders of the endpoint's slots, or
     * the task of a delivery that failed, carry on.
     */
    private Outcome drain(Tenant tenant, String endpoint) {
        if (!workers.tryAcquire()) {
            return Outcome.comeBack(Optional.of(Timestamps.now(clock).plusMillis(
                    ThreadLocalRandom.current().nextLong(BUSY_RETRY.toMillis() / 2, BUSY_RETRY.toMillis() * 3 / 2))));
        }
        try {
            while (true) {
                Optional<EndpointSlots.Held> slot = transactions.executeWrite(status ->
                        slots.acquire(tenant, endpoint, Timestamps.now(clock)));
                if (slot.isEmpty()) {
                    return Outcome.comeBack(transactions.executeRead(status ->
                            endpoints.pausedUntil(tenant, endpoint, Timestamps.now(clock))));
                }
                Drained drained;
                try {
                    callNextSlot(tenant, endpoint, slot.get());
                    drained = deliverWhileDue(tenant, endpoint, slot.get());
                } finally {
                    transactions.executeWrite(status -> {
                        slots.release(slot.get());
                        return null;
                    });
                }
                switch (drained) {
                    case OUT_OF_TIME, SLOT_LOST:
                        return Outcome.goOn(slot.get().token());
                    case FAILED:
                        return Outcome.failedAttempt();
                    default:
                        if (transactions.executeRead(status ->
                                deliveries.dueUnclaimed(tenant, endpoint, Timestamps.now(clock), 1)) == 0) {
                            return Outcome.comeBack(Optional.empty());
                        }
                }
            }
        } finally {
            workers.release();
        }
    }

    /** How a holder's drain ended. */
    private enum Drained { NOTHING_DUE, FAILED, OUT_OF_TIME, SLOT_LOST }

    /**
     * Delivers the endpoint's due deliveries oldest first while the slot is held. Each
     * delivery is claimed, with everything its attempt needs, in one transaction, and the next
     * one is claimed in the transaction that records the attempt before it. When the slot is
     * lost during an attempt, an answer that came back complete is still recorded (the
     * delivery's claim still guards it), so the receiver does not get that delivery twice;
     * only an attempt cut off before its answer is left to be delivered again.
     */
    private Drained deliverWhileDue(Tenant tenant, String endpoint, EndpointSlots.Held slot) {
        long until = System.nanoTime() + DRAIN.toNanos();
        Optional<WebhookAttempts.Claimed> next = transactions.executeWrite(status -> attempts.claim(tenant, endpoint, slot));
        while (next.isPresent()) {
            WebhookAttempts.Claimed claimed = next.get();
            WebhookSender.Answer answer;
            boolean goOn;
            try (WorkLogFields.OrderScope ignored = WorkLogFields.aboutOrder(claimed.orderId())) {
                answer = attempts.send(tenant, claimed, slot);
                if (slot.lost()) {
                    if (answer.status() != null) {
                        transactions.executeWrite(status -> {
                            attempts.record(tenant, claimed.delivery(), slot, answer);
                            return null;
                        });
                    }
                    return Drained.SLOT_LOST;
                }
                goOn = answer.succeeded() && System.nanoTime() < until;
                next = transactions.executeWrite(status -> {
                    attempts.record(tenant, claimed.delivery(), slot, answer);
                    return goOn ? attempts.claim(tenant, endpoint, slot) : Optional.<WebhookAttempts.Claimed>empty();
                });
            }
            if (!answer.succeeded()) {
                return Drained.FAILED;
            }
            if (!goOn) {
                return Drained.OUT_OF_TIME;
            }
        }
        return Drained.NOTHING_DUE;
    }

    /**
     * With more than one delivery due, calls the task of the next slot in, which takes a slot
     * and delivers too: so the slots fill up one after another after a pause.
     */
    private void callNextSlot(Tenant tenant, String endpoint, EndpointSlots.Held slot) {
        int next = slot.slot() + 1;
        if (next < settings.getEndpointConcurrency()
                && transactions.executeRead(status -> deliveries.dueUnclaimed(tenant, endpoint, Timestamps.now(clock), 2)) > 1) {
            transactions.executeWrite(status -> work.scheduleIfNotExists(DRAIN_ENDPOINT.instance(endpoint + "/slot-" + next).priority(PRIORITY)
                    .data(EndpointRef.of(tenant, endpoint)).scheduledTo(Timestamps.now(clock))));
        }
    }

    /**
     * The safety net (a recurring sweep): every endpoint with a due delivery that nobody has
     * claimed gets a drain task, which ends at once if the endpoint's holders are at work.
     * It finds the deliveries whose holder died before it could hand its drain on (killed,
     * or its database gone in the middle of a drain), and those whose claim ran out.
     */
    void resumeForgotten() {
        Instant now = Timestamps.now(clock);
        transactions.executeWrite(status -> {
            deliveries.endpointsWithDueWork(now, SWEEP_BATCH).forEach(endpoint -> work.scheduleIfNotExists(DRAIN_ENDPOINT
                    .instance(endpoint.endpointId() + "/sweep-" + now.getEpochSecond()).priority(PRIORITY).data(endpoint).scheduledTo(now)));
            return null;
        });
    }

    private Optional<WebhookDelivery> read(Tenant tenant, String id) {
        return transactions.executeRead(status -> deliveries.findById(tenant, id));
    }


}
