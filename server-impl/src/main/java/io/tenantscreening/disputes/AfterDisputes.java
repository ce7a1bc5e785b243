package io.tenantscreening.disputes;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Tenant;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

/**
 * What the consumer's copy of a report offers once disputes of its order are resolved: for
 * each, newest first, its outcome, their request for the description of how it was
 * reinvestigated (FCRA section 611(a)(7); {@link DisputeDescriptions}), and the earlier
 * recipients of what it deleted, whom they may have told (611(d); {@link EarlierRecipients}),
 * and, once they filed a statement of dispute, the earlier recipients of what it is about.
 */
@Singleton
public class AfterDisputes {

    private final DisputeRepository disputes;
    private final DisputeDescriptions descriptions;
    private final EarlierRecipients recipients;
    private final TransactionOperations<Connection> transactions;

    public AfterDisputes(DisputeRepository disputes, DisputeDescriptions descriptions, EarlierRecipients recipients,
                         TransactionOperations<Connection> transactions) {
        this.disputes = disputes;
        this.descriptions = descriptions;
        this.recipients = recipients;
        this.transactions = transactions;
    }

    /**
     * A resolved dispute, the consumer's request for its description (null until they ask), the
     * recipients of what it deleted, and those of what its statement of dispute is about (empty
     * while it has none).
     */
    public record Resolved(Dispute dispute, DisputeDescriptions.Requested description, List<EarlierRecipients.Recipient> recipients,
                           List<EarlierRecipients.Recipient> statementRecipients) {

        /** Whether the dispute deleted anything, so that earlier recipients may be told. */
        public boolean deletedAny() {
            return !EarlierRecipients.deleted(dispute).isEmpty();
        }
    }

    public List<Resolved> of(Tenant tenant, String orderId) {
        List<Dispute> resolved = transactions.executeRead(status -> disputes.resolvedOfOrder(tenant, orderId));
        Map<String, DisputeDescriptions.Requested> requested = descriptions.ofOrder(tenant, orderId);
        return resolved.stream().map(dispute -> new Resolved(dispute, requested.get(dispute.id()),
                recipients.of(tenant, orderId, dispute.id()), recipients.ofStatement(tenant, orderId, dispute.id()))).toList();
    }
}
