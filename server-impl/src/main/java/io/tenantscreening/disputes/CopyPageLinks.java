package io.tenantscreening.disputes;

import io.tenantscreening.common.Tenant;

import java.time.Instant;

/**
 * New links to the consumer's copy of their report, for the notices that send them there: to
 * ask how a dispute was reinvestigated, to add a statement to their file, or to have earlier
 * recipients told of a deletion (FCRA section 611(a)(6)(B) and (a)(5)(B)(iii)). Implemented by
 * the applicant's copy ({@code copies}), which disputes may not depend on.
 */
public interface CopyPageLinks {

    /**
     * A new link to the copy of the order's report, for the consumer at {@code email}, made at
     * {@code at} and working as long as any link does; in the caller's transaction. Only the
     * token's digest is stored: the address answered is the only copy of the link.
     */
    String newLink(Tenant tenant, String orderId, String email, Instant at);
}
