package io.tenantscreening.payments;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Tables applicant_checkouts (each hosted checkout an applicant was sent to) and
 * payment_notifications (each gateway notification taken, by its id).
 */
@Singleton
public class CheckoutRepository {

    private final TenantJdbc jdbc;

    public CheckoutRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A checkout as stored. */
    public record Checkout(String id, String organizationId, String mode, String orderId, String gateway, String sessionId,
                           String status, long amountCents, String currency, String paymentReference, Instant updatedAt) {

        public Tenant tenant() {
            return new Tenant(organizationId, Mode.fromDb(mode));
        }
    }

    private static final String COLUMNS = "id, organization_id, mode, order_id, gateway, session_id, status, amount_cents, currency, "
            + "payment_reference, updated_at";

    void insert(Tenant tenant, String id, String orderId, String gateway, long amountCents, String currency, Instant now) {
        jdbc.update(tenant, "INSERT INTO applicant_checkouts (organization_id, mode, id, order_id, gateway, status, amount_cents, "
                + "currency, created_at, updated_at) VALUES ({tenant.values}, ?, ?, ?, 'open', ?, ?, ?, ?)",
                id, orderId, gateway, amountCents, currency, now, now);
    }

    void sessionOpened(Tenant tenant, String id, String sessionId, Instant now) {
        jdbc.update(tenant, "UPDATE applicant_checkouts SET session_id = ?, updated_at = ? WHERE {tenant} AND id = ?",
                sessionId, now, id);
    }

    /** A checkout whose session could not be opened: failed, with why. */
    void notOpened(Tenant tenant, String id, Instant now) {
        jdbc.update(tenant, "UPDATE applicant_checkouts SET status = 'failed', failure = 'gateway_unavailable', updated_at = ? "
                + "WHERE {tenant} AND id = ? AND status = 'open'", now, id);
    }

    /** A checkout the gateway refused to open for good: failed, with the gateway's code and message. */
    void refused(Tenant tenant, String id, String code, String message, Instant now) {
        jdbc.update(tenant, "UPDATE applicant_checkouts SET status = 'failed', failure = 'refused_by_processor', failure_code = ?, "
                + "failure_message = ?, updated_at = ? WHERE {tenant} AND id = ? AND status = 'open'", code, message, now, id);
    }

    /**
     * Whether the order's newest checkout is still open (the applicant may be paying, or its
     * notification is on its way); older ones left open were abandoned for a newer one.
     */
    boolean newestOpen(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT status = 'open' AND session_id IS NOT NULL FROM applicant_checkouts "
                + "WHERE {tenant} AND order_id = ? ORDER BY created_at DESC, id DESC LIMIT 1", row -> row.getBoolean(1), orderId)
                .orElse(false);
    }

    /** The checkout of a gateway's session, any tenant's. */
    Optional<Checkout> findBySession(String gateway, String sessionId) {
        return jdbc.queryAcrossTenants("SELECT " + COLUMNS + " FROM applicant_checkouts WHERE gateway = ? AND session_id = ?",
                CheckoutRepository::read, gateway, sessionId).stream().findFirst();
    }

    /** Settles an open checkout; answers whether it was open (a settled one keeps its first outcome). */
    boolean settle(Tenant tenant, String id, String status, String paymentReference, String failure, Instant now) {
        return jdbc.update(tenant, "UPDATE applicant_checkouts SET status = ?, payment_reference = ?, failure = ?, updated_at = ? "
                + "WHERE {tenant} AND id = ? AND status = 'open'", status, paymentReference, failure, now, id) == 1;
    }

    /** The order's checkouts still open with a session the applicant may be paying at. */
    List<Checkout> openSessions(Tenant tenant, String orderId) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM applicant_checkouts WHERE {tenant} AND order_id = ? "
                + "AND status = 'open' AND session_id IS NOT NULL ORDER BY created_at", CheckoutRepository::read, orderId);
    }

    /** Marks a succeeded checkout's money as due back. */
    void refundDue(Tenant tenant, String id, Instant now) {
        jdbc.update(tenant, "UPDATE applicant_checkouts SET refund_due_at = coalesce(refund_due_at, ?) WHERE {tenant} AND id = ?",
                now, id);
    }

    /**
     * The order's succeeded checkouts whose money is due back and neither given back nor
     * refused for good: those marked due, and every one when the order's payment is to be
     * given back (refunded, or refund_failed after another of its refunds failed).
     */
    List<Checkout> dueForRefund(Tenant tenant, String orderId) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM applicant_checkouts c WHERE {tenant:c} AND c.order_id = ? "
                        + "AND status = 'succeeded' AND refunded_at IS NULL AND refund_failed_at IS NULL "
                        + "AND (refund_due_at IS NOT NULL OR EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id "
                        + "AND o.payment_status IN ('refunded', 'refund_failed'))) ORDER BY created_at",
                CheckoutRepository::read, orderId);
    }

    /** The gateway refunded the checkout's payment (its id of the refund, when it has one); not after the refund failed. */
    void refunded(Tenant tenant, String id, String refundReference, Instant now) {
        jdbc.update(tenant, "UPDATE applicant_checkouts SET refunded_at = coalesce(refunded_at, ?), "
                + "refund_reference = coalesce(refund_reference, ?) WHERE {tenant} AND id = ? AND refund_failed_at IS NULL",
                now, refundReference, id);
    }

    /** The gateway answered that the checkout's payment was refunded before, outside this service's request. */
    void refundedElsewhere(Tenant tenant, String id, Instant now) {
        jdbc.update(tenant, "UPDATE applicant_checkouts SET refunded_at = coalesce(refunded_at, ?), refunded_elsewhere = true "
                + "WHERE {tenant} AND id = ? AND refund_failed_at IS NULL", now, id);
    }

    /**
     * The refund of the checkout's payment failed for good, with the gateway's code and
     * message (the money is not back: refunded_at is cleared); answers whether this is news
     * (false when its failure was recorded before).
     */
    boolean refundFailed(Tenant tenant, String id, String refundReference, String failure, String message, Instant now) {
        return jdbc.update(tenant, "UPDATE applicant_checkouts SET refund_failed_at = ?, refund_failure = ?, "
                + "refund_failure_message = ?, refunded_at = NULL, refunded_elsewhere = false, "
                + "refund_reference = coalesce(refund_reference, ?) WHERE {tenant} AND id = ? AND refund_failed_at IS NULL",
                now, failure, message, refundReference, id) == 1;
    }

    /**
     * The checkout, any tenant's, whose refund the gateway reports on: the one that has this
     * refund's id, or else the one of this payment whose money the service asked back and
     * whose refund's id is not recorded (its answer not stored yet, or refunded elsewhere).
     */
    Optional<Checkout> findByRefund(String gateway, String refundReference, String paymentReference) {
        return jdbc.queryAcrossTenants("SELECT " + COLUMNS + " FROM applicant_checkouts c WHERE c.gateway = ? "
                        + "AND (c.refund_reference = ? OR (c.refund_reference IS NULL AND c.payment_reference = ? "
                        + "AND (c.refund_due_at IS NOT NULL OR EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id "
                        + "AND o.organization_id = c.organization_id AND o.mode = c.mode "
                        + "AND o.payment_status IN ('refunded', 'refund_failed'))))) "
                        + "ORDER BY c.refund_reference IS NULL LIMIT 1",
                CheckoutRepository::read, gateway, refundReference, paymentReference).stream().findFirst();
    }

    /** The order's succeeded checkout that paid it (the first), for its receipt. */
    Optional<Checkout> paid(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM applicant_checkouts WHERE {tenant} AND order_id = ? "
                + "AND status = 'succeeded' ORDER BY updated_at LIMIT 1", CheckoutRepository::read, orderId);
    }

    /** Records a notification by its gateway's id; false when it was taken before. */
    boolean firstNotification(String gateway, String eventId, String sessionId, Instant now) {
        return jdbc.queryAcrossTenants("INSERT INTO payment_notifications (gateway, event_id, session_id, received_at) "
                + "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1", row -> true, gateway, eventId, sessionId, now).size() == 1;
    }

    private static Checkout read(ResultSet row) throws SQLException {
        return new Checkout(row.getString("id"), row.getString("organization_id"), row.getString("mode"), row.getString("order_id"),
                row.getString("gateway"), row.getString("session_id"), row.getString("status"), row.getLong("amount_cents"),
                row.getString("currency"), row.getString("payment_reference"), row.getTimestamp("updated_at").toInstant());
    }
}
