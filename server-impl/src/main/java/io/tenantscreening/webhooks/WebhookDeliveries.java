package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.events.EventService;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.work.RetryWithBackoff;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Delivers events to webhook endpoints, one {@code deliver-webhook} task per delivery
 * ({@link WebhookFanOut} writes both with the event). A task
 * first leases its endpoint (one deliverer per endpoint at a time, across instances), then
 * delivers the endpoint's due deliveries oldest first, its own among them, for up to
 * {@link #DRAIN} before it lets go, or until an attempt fails: then the endpoint is paused
 * until that delivery's retry, and every task of the endpoint waits for it. A task that
 * finds its endpoint leased tries again shortly, and one whose delivery was done by another
 * task simply ends. So a slow or dead endpoint holds at most one worker, and each 2xx is
 * recorded before the lease passes on.
 */
@Singleton
public class WebhookDeliveries {

    /** The delivery of one event to one endpoint. */
    static final TaskDescriptor<DeliveryRef> DELIVERY = TaskDescriptor.of("deliver-webhook", DeliveryRef.class);

    private static final Duration DRAIN = Duration.ofSeconds(5);
    private static final Duration BUSY_RETRY = Duration.ofMillis(300);

    private final WebhookDeliveryRepository deliveries;
    private final WebhookEndpointRepository endpoints;
    private final WebhookSecrets secrets;
    private final WebhookSender sender;
    private final WebhookSettings settings;
    private final EventService events;
    private final ServiceMetrics metrics;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public WebhookDeliveries(WebhookDeliveryRepository deliveries, WebhookEndpointRepository endpoints, WebhookSecrets secrets,
                             WebhookSender sender, WebhookSettings settings, EventService events, ServiceMetrics metrics,
                             TransactionOperations<Connection> transactions, Clock clock) {
        this.deliveries = deliveries;
        this.endpoints = endpoints;
        this.secrets = secrets;
        this.sender = sender;
        this.settings = settings;
        this.events = events;
        this.metrics = metrics;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Runs one deliver-webhook task: when to run it again, or empty when its delivery is done. */
    Optional<Instant> run(DeliveryRef ref) {
        Tenant tenant = ref.tenant();
        Optional<WebhookDelivery> own = read(tenant, ref.deliveryId());
        if (own.isEmpty() || !own.get().status().equals("pending")) {
            return Optional.empty();
        }
        String endpoint = own.get().endpointId();
        String token = UUID.randomUUID().toString();
        Duration lease = settings.getTimeout().plus(DRAIN).plusSeconds(5);
        if (!transactions.executeWrite(status -> endpoints.lease(tenant, endpoint, token, Timestamps.now(clock), lease))) {
            return Optional.of(heldBack(tenant, endpoint));
        }
        try {
            long until = System.nanoTime() + DRAIN.toNanos();
            do {
                Optional<WebhookDelivery> next = transactions.executeRead(status ->
                        deliveries.nextDue(tenant, endpoint, Timestamps.now(clock)));
                if (next.isEmpty() || !attempt(tenant, next.get(), token, lease)) {
                    break;
                }
            } while (System.nanoTime() < until);
        } finally {
            transactions.executeWrite(status -> {
                endpoints.release(tenant, endpoint, token);
                return null;
            });
        }
        return read(tenant, ref.deliveryId()).filter(delivery -> delivery.status().equals("pending"))
                .map(delivery -> delivery.nextAttemptAt().isAfter(Timestamps.now(clock))
                        ? delivery.nextAttemptAt() : Timestamps.now(clock));
    }

    /**
     * One attempt of a delivery, recorded. A failure pauses the endpoint until the delivery's
     * retry, so that its other deliveries wait too instead of each trying a dead endpoint.
     * True when the endpoint took it (the drain may go on).
     */
    private boolean attempt(Tenant tenant, WebhookDelivery delivery, String token, Duration lease) {
        Optional<Target> target = transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            if (!endpoints.lease(tenant, delivery.endpointId(), token, now, lease)) {
                return Optional.empty();
            }
            return endpoints.findById(tenant, delivery.endpointId()).flatMap(endpoint ->
                    endpoints.secrets(tenant, endpoint.id(), now).map(sealed -> {
                        List<String> signing = new ArrayList<>();
                        signing.add(secrets.open(endpoint.id(), sealed.current()));
                        if (sealed.previous() != null) {
                            signing.add(secrets.open(endpoint.id(), sealed.previous()));
                        }
                        return new Target(endpoint, signing, events.json(events.get(tenant, delivery.eventId())));
                    }));
        });
        if (target.isEmpty()) {
            return false;
        }
        Instant at = Timestamps.now(clock);
        byte[] body = target.get().body();
        WebhookSender.Answer answer = sender.post(tenant.mode(), target.get().endpoint().url(), body, Map.of(
                "Service-Signature", WebhookSecrets.signature(at.getEpochSecond(), body, target.get().secrets()),
                "Service-Delivery-Id", delivery.id(),
                "Service-Event-Id", delivery.eventId()));
        WebhookDelivery.Attempt attempt = new WebhookDelivery.Attempt(at, answer.durationMillis(), answer.status(), answer.error(),
                answer.body());
        Instant done = Timestamps.now(clock);
        String status;
        Instant next;
        if (answer.succeeded()) {
            status = "succeeded";
            next = null;
        } else if (!done.isBefore(delivery.createdAt().plus(settings.getRetryFor()))) {
            status = "failed";
            next = null;
        } else {
            status = "pending";
            next = RetryWithBackoff.after(done, delivery.attempts(), settings.getFirstRetry(), settings.getLongestRetry());
        }
        metrics.webhookAttempt(tenant.mode(), status.equals("pending") ? "retrying" : status);
        // The endpoint's row before the delivery's, the order in which deleting the endpoint
        // locks them (its deliveries go with it): a deletion and a recorded attempt then wait
        // for each other instead of deadlocking.
        transactions.executeWrite(tx -> {
            endpoints.pause(tenant, delivery.endpointId(), status.equals("pending") ? next : null);
            deliveries.recordAttempt(tenant, delivery, attempt, status, next);
            return null;
        });
        return answer.succeeded();
    }

    /**
     * When a task whose endpoint is held should look again: when the pause ends (the last
     * attempt failed), or soon when another task holds the lease (it delivers the due
     * deliveries meanwhile, this one likely among them).
     */
    private Instant heldBack(Tenant tenant, String endpoint) {
        Instant now = Timestamps.now(clock);
        return transactions.executeRead(status -> endpoints.pausedUntil(tenant, endpoint, now)).orElseGet(() ->
                now.plusMillis(ThreadLocalRandom.current().nextLong(BUSY_RETRY.toMillis() / 2, BUSY_RETRY.toMillis() * 3 / 2)));
    }

    private Optional<WebhookDelivery> read(Tenant tenant, String id) {
        return transactions.executeRead(status -> deliveries.findById(tenant, id));
    }

    /** Where and how to deliver: the endpoint, the secrets that sign, and the body. */
    private record Target(WebhookEndpoint endpoint, List<String> secrets, byte[] body) {
    }
}
