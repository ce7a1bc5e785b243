package io.tenantscreening.billing;

import java.time.Instant;

/**
 * What an order cost its organisation. {@code method} is {@code card} (through the gateway,
 * whose name and reference are kept) or {@code invoice} (billed later; no gateway).
 */
public record Charge(String id, String organizationId, String orderId, long amountCents, String currency, String method,
                     String gateway, String gatewayReference, Instant createdAt) {
}
