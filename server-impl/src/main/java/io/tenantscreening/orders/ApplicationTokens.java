package io.tenantscreening.orders;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.crypto.SealingKeys;
import jakarta.inject.Singleton;

/**
 * The secret in an order's application URL ({@link LinkTokens}, purpose
 * {@code application-token}). The order keeps the token's seed, so that the URL can be
 * shown again on every read while the order waits for the applicant.
 */
@Singleton
public class ApplicationTokens {

    private final LinkTokens tokens;
    private final ServiceSettings settings;

    public ApplicationTokens(SealingKeys keys, ServiceSettings settings) {
        this.tokens = new LinkTokens(keys, "application-token");
        this.settings = settings;
    }

    /** A token for a new order: its seed, and the digest that finds the order. */
    public LinkTokens.Issued issue(String orderId) {
        return tokens.issue(orderId);
    }

    /** {@code <public base URL>/apply/<token>} of the order with this seed. */
    public String url(String orderId, LinkTokens.Seed seed) {
        return settings.url("/apply/" + tokens.token(orderId, seed));
    }
}
