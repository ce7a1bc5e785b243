package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.events.Event;
import io.tenantscreening.events.EventService;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkTraces;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static io.tenantscreening.webhooks.WebhookDeliveries.DELIVERY;
import static io.tenantscreening.webhooks.WebhookDeliveries.PRIORITY;

/**
 * One attempt of a delivery, for the holder of one of its endpoint's slots
 * ({@link WebhookDeliveries}): claimed with what it needs, sent signed, and recorded with
 * its outcome and, when it failed, the endpoint's pause and the delivery's retry. Each
 * recorded attempt writes a log line.
 */
@Singleton
class WebhookAttempts {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookAttempts.class);
    /** How much longer than an attempt may take its claim lasts. */
    private static final Duration CLAIM_MARGIN = Duration.ofSeconds(5);

    private final WebhookDeliveryRepository deliveries;
    private final WebhookEndpointRepository endpoints;
    private final WebhookSecrets secrets;
    private final WebhookSender sender;
    private final WebhookSettings settings;
    private final EventService events;
    private final ServiceMetrics metrics;
    private final SchedulerClient work;
    private final Traces traces;
    private final WorkTraces workTraces;
    private final Clock clock;

    WebhookAttempts(WebhookDeliveryRepository deliveries, WebhookEndpointRepository endpoints, WebhookSecrets secrets,
                    WebhookSender sender, WebhookSettings settings, EventService events, ServiceMetrics metrics,
                    SchedulerClient work, Traces traces, WorkTraces workTraces, Clock clock) {
        this.deliveries = deliveries;
        this.endpoints = endpoints;
        this.secrets = secrets;
        this.sender = sender;
        this.settings = settings;
        this.events = events;
        this.metrics = metrics;
        this.work = work;
        this.traces = traces;
        this.workTraces = workTraces;
        this.clock = clock;
    }

    /** Within a transaction: claims the endpoint's oldest due delivery and reads what its attempt needs. */
    Optional<Claimed> claim(Tenant tenant, String endpoint, EndpointSlots.Held slot) {
        Instant now = Timestamps.now(clock);
        return deliveries.claimNext(tenant, endpoint, now, slot.token(), settings.getTimeout().plus(CLAIM_MARGIN))
                .flatMap(delivery -> endpoints.findById(tenant, endpoint).flatMap(found ->
                        endpoints.secrets(tenant, found.id(), now).map(sealed -> {
                            List<String> signing = new ArrayList<>();
                            signing.add(secrets.open(found.id(), sealed.current()));
                            if (sealed.previous() != null) {
                                signing.add(secrets.open(found.id(), sealed.previous()));
                            }
                            Event event = events.get(tenant, delivery.eventId());
                            return new Claimed(delivery, found, signing, events.json(event), events.orderId(event).orElse(null));
                        })));
    }

    /**
     * One attempt of a claimed delivery; cut off if this instance loses its slot meanwhile.
     * Its span joins the trace the delivery was scheduled in (another delivery's task may be
     * the one making the attempt), and the request carries that span's {@code traceparent}.
     */
    WebhookSender.Answer send(Tenant tenant, Claimed claimed, EndpointSlots.Held slot) {
        Instant at = Timestamps.now(clock);
        Span span = traces.span("webhook attempt", SpanKind.CLIENT,
                        workTraces.storedTraceparent(DELIVERY.getTaskName(), claimed.delivery().id()))
                .setAttribute("http.request.method", "POST")
                .setAttribute("webhook.delivery_id", claimed.delivery().id())
                .setAttribute("webhook.event_id", claimed.delivery().eventId())
                .startSpan();
        try (Scope ignored = span.makeCurrent()) {
            Map<String, String> headers = new HashMap<>(traces.propagationHeaders());
            headers.put("Service-Signature", WebhookSecrets.signature(at.getEpochSecond(), claimed.body(), claimed.secrets()));
            headers.put("Service-Delivery-Id", claimed.delivery().id());
            headers.put("Service-Event-Id", claimed.delivery().eventId());
            WebhookSender.Answer answer = sender.post(tenant.mode(), claimed.endpoint().url(), claimed.body(), headers, slot::whenLost);
            if (answer.status() != null) {
                span.setAttribute("http.response.status_code", answer.status());
            }
            if (!answer.succeeded()) {
                span.setStatus(StatusCode.ERROR, answer.error() == null ? "HTTP " + answer.status() : answer.error());
            }
            return answer;
        } finally {
            span.end();
            slot.attemptOver();
        }
    }

    /**
     * Records an attempt, within a transaction. A failure pauses the endpoint until the
     * delivery's retry, so that its other deliveries wait too instead of each trying a dead
     * endpoint, and schedules a task for that retry (named for the attempt: the delivery's
     * own task may be about to end). An attempt cut off because this instance lost its slot
     * is not the endpoint's fault and is not recorded (see {@link WebhookDeliveries}): the
     * delivery's claim runs out and it is delivered again. Recorded only under the delivery's
     * claim: once another holder has claimed it, nothing is written.
     */
    void record(Tenant tenant, WebhookDelivery delivery, EndpointSlots.Held slot, WebhookSender.Answer answer) {
        Instant done = Timestamps.now(clock);
        WebhookDelivery.Attempt attempt = new WebhookDelivery.Attempt(done.minusMillis(answer.durationMillis()),
                answer.durationMillis(), answer.status(), answer.error(), answer.body());
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
        String result = status.equals("pending") ? "retry at " + next : status;
        String got = answer.status() == null ? "got no answer (" + answer.error() + ")" : "answered " + answer.status();
        LOG.atLevel(status.equals("failed") ? Level.WARN : Level.INFO).log("Webhook attempt {} of delivery {} (event {}, {}) to "
                + "endpoint {} {} in {} ms: {}", delivery.attempts() + 1, delivery.id(), delivery.eventId(), delivery.eventType(),
                delivery.endpointId(), got, answer.durationMillis(), result);
        metrics.httpClientRequest("webhooks", "POST", "/webhook", answer.status(),
                TimeUnit.MILLISECONDS.toNanos(answer.durationMillis()));
        // The endpoint's row before the delivery's, the order in which deleting the endpoint
        // locks them (its deliveries go with it): a deletion and a recorded attempt then wait
        // for each other instead of deadlocking.
        endpoints.pause(tenant, delivery.endpointId(), next);
        if (deliveries.recordAttempt(tenant, delivery, slot.token(), attempt, status, next) && next != null) {
            work.scheduleIfNotExists(DELIVERY.instance(delivery.id() + "/retry-" + (delivery.attempts() + 1)).priority(PRIORITY)
                    .data(DeliveryRef.of(tenant, delivery.id())).scheduledTo(next));
        }
    }

    /**
     * A claimed delivery and what its attempt needs: the endpoint, the secrets that sign, and
     * the body; and the order its event concerns, or null.
     */
    record Claimed(WebhookDelivery delivery, WebhookEndpoint endpoint, List<String> secrets, byte[] body, String orderId) {
    }
}
