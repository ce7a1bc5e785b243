package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;
import java.util.List;

/**
 * A registered endpoint, without its secrets. {@code enabledEvents} empty means every event
 * type; either way it receives only the types of its API version (the version of the request
 * that created it).
 */
record WebhookEndpoint(String id, Mode mode, String url, List<String> enabledEvents, ApiVersion apiVersion, Instant createdAt)
        implements KeysetPager.Positioned {
}
