package io.tenantscreening.disputes;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Table dispute_description_requests: the consumers' requests for how a dispute was reinvestigated, one per dispute. */
@Singleton
public class DisputeDescriptionRepository {

    private static final String COLUMNS = "dispute_id, requested_at, due_at, email, ended_at";

    private final TenantJdbc jdbc;

    public DisputeDescriptionRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** How a description's email ended, or that it has not yet. */
    enum EmailState {
        QUEUED, SENT, NOT_SENT_TEST_MODE;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        static EmailState of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /** A request: when it was made, by when the description is due, and how its email stands. */
    record Request(String disputeId, Instant requestedAt, Instant dueAt, EmailState email, Instant endedAt) {
    }

    /** Inserts the dispute's request; false when it has one already (the database decides, racing requests included). */
    boolean insert(Tenant tenant, String disputeId, Instant at, Instant dueAt) {
        return jdbc.update(tenant, "INSERT INTO dispute_description_requests (organization_id, mode, dispute_id, requested_at, due_at, "
                + "email) VALUES ({tenant.values}, ?, ?, ?, 'queued') ON CONFLICT (dispute_id) DO NOTHING", disputeId,
                Timestamp.from(at), Timestamp.from(dueAt)) == 1;
    }

    Optional<Request> find(Tenant tenant, String disputeId) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM dispute_description_requests WHERE {tenant} AND dispute_id = ?",
                DisputeDescriptionRepository::read, disputeId);
    }

    /** The requests about disputes of the order. */
    List<Request> ofOrder(Tenant tenant, String orderId) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM dispute_description_requests r WHERE {tenant:r} AND EXISTS "
                + "(SELECT 1 FROM disputes d WHERE d.id = r.dispute_id AND d.order_id = ?)", DisputeDescriptionRepository::read, orderId);
    }

    /** queued → how the email ended; false unless it was queued. */
    boolean ended(Tenant tenant, String disputeId, EmailState state, Instant at) {
        return jdbc.update(tenant, "UPDATE dispute_description_requests SET email = ?, ended_at = ? WHERE {tenant} AND dispute_id = ? "
                + "AND email = 'queued'", state.value(), Timestamp.from(at), disputeId) == 1;
    }

    private static Request read(ResultSet row) throws SQLException {
        Timestamp ended = row.getTimestamp("ended_at");
        return new Request(row.getString("dispute_id"), row.getTimestamp("requested_at").toInstant(),
                row.getTimestamp("due_at").toInstant(), EmailState.of(row.getString("email")), ended == null ? null : ended.toInstant());
    }
}
