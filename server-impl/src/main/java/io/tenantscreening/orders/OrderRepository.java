package io.tenantscreening.orders;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.lists.KeysetPager;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/** Tables orders and order_transitions, always within one organisation and mode. */
@Singleton
public class OrderRepository {

    private static final String TABLE = "orders";
    private static final String COLUMNS = "id, mode, status, package, add_on_products, payer, property_id, applicant_id, "
            + "original_requester_id, application_token_key_id, application_token_nonce, created_at, completed_at, canceled_at";

    private final Jdbc jdbc;
    private final KeysetPager pager;

    public OrderRepository(Jdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    public void insert(Caller caller, Order order, byte[] applicationTokenDigest) {
        ApplicationTokens.Seed token = order.applicationToken();
        jdbc.update("INSERT INTO orders (id, organization_id, mode, status, package, add_on_products, payer, property_id, "
                        + "applicant_id, original_requester_id, application_token_digest, application_token_key_id, "
                        + "application_token_nonce, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                order.id(), caller.organizationId(), caller.mode().dbValue(), order.status().value(), order.packageSlug(),
                order.addOnProducts(), order.payer().value(), order.propertyId(), order.applicantId(),
                order.originalRequesterId(), applicationTokenDigest, token == null ? null : token.keyId(),
                token == null ? null : token.nonce(), order.createdAt());
    }

    /** Whether the applicant already belongs to an order. */
    public boolean applicantHasOrder(String applicantId) {
        return jdbc.queryOne("SELECT 1 FROM orders WHERE applicant_id = ?", row -> true, applicantId).isPresent();
    }

    public Optional<Order> findById(Caller caller, String id) {
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM orders WHERE organization_id = ? AND mode = ? AND id = ?",
                OrderRepository::read, caller.organizationId(), caller.mode().dbValue(), id);
    }

    /** Like {@link #findById}, and locks the row until the transaction ends. */
    public Optional<Order> lockById(Caller caller, String id) {
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM orders WHERE organization_id = ? AND mode = ? AND id = ? FOR UPDATE",
                OrderRepository::read, caller.organizationId(), caller.mode().dbValue(), id);
    }

    public void markCanceled(String id, Instant at) {
        jdbc.update("UPDATE orders SET status = 'canceled', canceled_at = ? WHERE id = ?", at, id);
    }

    public void recordTransition(String orderId, OrderStatus from, OrderStatus to, String actor, Instant at) {
        jdbc.update("INSERT INTO order_transitions (order_id, from_status, to_status, actor, occurred_at) VALUES (?, ?, ?, ?, ?)",
                orderId, from == null ? null : from.value(), to.value(), actor, at);
    }

    public Page<Order> page(Caller caller, PageRequest request) {
        return jdbc.withConnection(connection -> pager.page(connection, TABLE, COLUMNS, caller, request, OrderRepository::read));
    }

    private static Order read(ResultSet row) throws SQLException {
        return new Order(row.getString("id"), Mode.fromDb(row.getString("mode")), OrderStatus.of(row.getString("status")),
                row.getString("package"), Arrays.asList((String[]) row.getArray("add_on_products").getArray()),
                Payer.of(row.getString("payer")), row.getString("property_id"), row.getString("applicant_id"),
                row.getString("original_requester_id"), applicationToken(row),
                row.getTimestamp("created_at").toInstant(), instant(row.getTimestamp("completed_at")),
                instant(row.getTimestamp("canceled_at")));
    }

    private static ApplicationTokens.Seed applicationToken(ResultSet row) throws SQLException {
        String keyId = row.getString("application_token_key_id");
        return keyId == null ? null : new ApplicationTokens.Seed(keyId, row.getBytes("application_token_nonce"));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
