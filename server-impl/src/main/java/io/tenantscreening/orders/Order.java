package io.tenantscreening.orders;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.lists.KeysetPager;

import java.time.Instant;
import java.util.List;

/**
 * A screening order as stored. {@code addOnProducts} is sorted; {@code applicationToken}
 * is what the application token is written from, null when the order never had one.
 */
public record Order(String id, Mode mode, OrderStatus status, String packageSlug, List<String> addOnProducts, Payer payer,
                    String propertyId, String applicantId, String originalRequesterId, ApplicationTokens.Seed applicationToken,
                    Instant createdAt, Instant completedAt, Instant canceledAt) implements KeysetPager.Positioned {
}
