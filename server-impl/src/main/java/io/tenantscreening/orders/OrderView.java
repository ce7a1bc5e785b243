package io.tenantscreening.orders;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.properties.Property;
import io.tenantscreening.requesters.OriginalRequester;

import java.util.List;
import java.util.Set;

/**
 * An order as answered: its application URL (null unless waiting for the applicant), its
 * checks with their expected completion times, and the related records named in
 * {@code includes} (a requester may be null when included).
 */
public record OrderView(Order order, String applicationUrl, List<OrderCheck> checks, Set<Include> includes, Property property,
                        Applicant applicant, OriginalRequester requester) {

    /**
     * What an Idempotency-Key keeps of the answer: the order's own fields and its checks,
     * without the application URL (its token must not be stored) and without embedded
     * records (kept once, in their own tables). A replay adds both back.
     */
    public OrderView stored() {
        return new OrderView(order, null, checks, Set.of(), null, null, null);
    }
}
