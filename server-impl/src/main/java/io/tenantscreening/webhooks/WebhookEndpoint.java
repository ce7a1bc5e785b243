package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.lists.KeysetPager;

import java.time.Instant;
import java.util.List;

/** A registered endpoint, without its secrets. {@code enabledEvents} empty means every event type. */
record WebhookEndpoint(String id, Mode mode, String url, List<String> enabledEvents, Instant createdAt)
        implements KeysetPager.Positioned {
}
