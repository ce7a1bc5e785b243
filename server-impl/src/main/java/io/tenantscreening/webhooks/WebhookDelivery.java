package io.tenantscreening.webhooks;

import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;
import java.util.List;

/** The delivery of one event to one endpoint, with its attempts (newest first, filled in for listings). */
record WebhookDelivery(String id, String endpointId, String eventId, String eventType, String status, int attempts,
                       Integer responseStatus, Instant lastAttemptAt, Instant nextAttemptAt, Instant createdAt,
                       List<Attempt> attemptLog) implements KeysetPager.Positioned {

    /** One attempt: its answer (status and the first 1024 characters) or its error. */
    record Attempt(Instant attemptedAt, int durationMillis, Integer responseStatus, String error, String responseBody) {
    }

    WebhookDelivery withAttempts(List<Attempt> log) {
        return new WebhookDelivery(id, endpointId, eventId, eventType, status, attempts, responseStatus, lastAttemptAt,
                nextAttemptAt, createdAt, log);
    }
}
