package io.tenantscreening.orders;

import io.tenantscreening.common.Mode;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.jurisdictions.RuleBook;
import io.tenantscreening.jurisdictions.ScreeningRules;
import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;
import java.util.List;

/**
 * A screening order as stored. {@code addOnProducts} is sorted; {@code applicationToken}
 * is what the application token is written from, null when the order never had one;
 * {@code screeningPolicyId} is the policy that applied when it was placed and
 * {@code monthlyRent} the rent in cents it was placed with (each null when none);
 * {@code payment} is the applicant's payment of an applicant-paid live order, null otherwise;
 * {@code pendingAt} is when it became pending (null while it waits, and for an order canceled
 * while waiting), the moment its checks' expected completion times start from;
 * {@code rentalApplicationId} is the rental application it screens a member of, null for an
 * order placed on its own.
 */
public record Order(String id, Mode mode, OrderStatus status, String packageSlug, List<String> addOnProducts, Payer payer,
                    String propertyId, String applicantId, String originalRequesterId, LinkTokens.Seed applicationToken,
                    String screeningPolicyId, Long monthlyRent, Instant createdAt, Instant pendingAt, Instant completedAt,
                    Instant canceledAt, OrderPayment payment, ScreeningRules storedScreeningRules,
                    String rentalApplicationId)
        implements KeysetPager.Positioned {

    public Order(String id, Mode mode, OrderStatus status, String packageSlug, List<String> addOnProducts, Payer payer,
                 String propertyId, String applicantId, String originalRequesterId, LinkTokens.Seed applicationToken,
                 String screeningPolicyId, Long monthlyRent, Instant createdAt, Instant pendingAt, Instant completedAt,
                 Instant canceledAt, OrderPayment payment) {
        this(id, mode, status, packageSlug, addOnProducts, payer, propertyId, applicantId, originalRequesterId, applicationToken,
                screeningPolicyId, monthlyRent, createdAt, pendingAt, completedAt, canceledAt, payment, null, null);
    }

    /**
     * The screening rules the order was placed under ({@code orders.screening_rules}); for an
     * order placed before the rule data existed, the federal default.
     */
    public ScreeningRules screeningRules() {
        return storedScreeningRules != null ? storedScreeningRules : RuleBook.bundled().federalDefault();
    }
}
