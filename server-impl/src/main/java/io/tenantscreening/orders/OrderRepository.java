package io.tenantscreening.orders;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.jurisdictions.ScreeningRules;
import io.tenantscreening.jurisdictions.ScreeningRulesJson;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.properties.Property;
import io.tenantscreening.properties.PropertyRepository;
import io.tenantscreening.requesters.OriginalRequester;
import io.tenantscreening.requesters.RequesterRepository;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Tables orders and order_transitions, always within one tenant. */
@Singleton
public class OrderRepository {

    private static final String TABLE = "orders";
    private static final String COLUMNS = "id, mode, status, package, add_on_products, payer, property_id, applicant_id, "
            + "original_requester_id, application_token_key_id, application_token_nonce, screening_policy_id, monthly_rent, "
            + "created_at, pending_at, completed_at, canceled_at, payment_status, payment_amount_cents, payment_currency, "
            + "payment_failure_reason, screening_rules, rental_application_id";
    /** Labels of the included records' columns in a page: none of the orders' own columns starts with them. */
    private static final String PROPERTY = "property__";
    private static final String APPLICANT = "applicant__";
    private static final String REQUESTER = "requester__";

    private final TenantJdbc jdbc;
    private final KeysetPager pager;

    public OrderRepository(TenantJdbc jdbc, KeysetPager pager) {
        this.jdbc = jdbc;
        this.pager = pager;
    }

    /** Inserts a new order with its first transition (into its status, by {@code actor}, at its creation), in one statement. */
    public void insert(Tenant tenant, Order order, byte[] applicationTokenDigest, String actor) {
        LinkTokens.Seed token = order.applicationToken();
        OrderPayment payment = order.payment();
        jdbc.update(tenant, "WITH inserted AS (INSERT INTO orders (organization_id, mode, id, status, package, add_on_products, "
                        + "payer, property_id, applicant_id, original_requester_id, application_token_digest, "
                        + "application_token_key_id, application_token_nonce, screening_policy_id, monthly_rent, created_at, "
                        + "pending_at, payment_status, payment_amount_cents, payment_currency, screening_rules, "
                        + "rental_application_id) "
                        + "VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::bigint, ?, ?, ?, ?::bigint, ?, ?::jsonb, ?) "
                        + "RETURNING id, status, created_at) "
                        + "INSERT INTO order_transitions (order_id, from_status, to_status, actor, occurred_at) "
                        + "SELECT id, NULL, status, ?, created_at FROM inserted",
                order.id(), order.status().value(), order.packageSlug(),
                order.addOnProducts(), order.payer().value(), order.propertyId(), order.applicantId(),
                order.originalRequesterId(), applicationTokenDigest, token == null ? null : token.keyId(),
                token == null ? null : token.nonce(), order.screeningPolicyId(), order.monthlyRent(), order.createdAt(),
                order.pendingAt(), payment == null ? null : payment.status().value(), payment == null ? null : payment.amountCents(),
                payment == null ? null : payment.currency(),
                order.storedScreeningRules() == null ? null : ScreeningRulesJson.write(order.storedScreeningRules()),
                order.rentalApplicationId(), actor);
    }

    /** Whether the applicant already belongs to an order. */
    public boolean applicantHasOrder(Tenant tenant, String applicantId) {
        return jdbc.queryOne(tenant, "SELECT 1 FROM orders WHERE {tenant} AND applicant_id = ?", row -> true, applicantId).isPresent();
    }

    /** The tenant's orders with these ids (those it has), in one statement. */
    public List<Order> findByIds(Tenant tenant, List<String> ids) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM orders WHERE {tenant} AND id = ANY (?)", OrderRepository::read, ids);
    }

    public Optional<Order> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM orders WHERE {tenant} AND id = ?", OrderRepository::read, id);
    }

    /** The order with this id and the records the includes name, in one statement (joined as in {@link #page}). */
    public Optional<Listed> findById(Tenant tenant, String id, Set<Include> includes) {
        KeysetPager.Join join = join(includes);
        if (join == null) {
            return findById(tenant, id).map(order -> new Listed(order, null, null, null));
        }
        return jdbc.queryOne(tenant, "SELECT page.*, " + join.columns() + " FROM (SELECT " + COLUMNS
                + " FROM orders WHERE {tenant} AND id = ?) page" + join.joins(), row -> readListed(row, includes), id);
    }

    /** The order of any tenant whose application token has this digest (the apply page knows no tenant before it). */
    Optional<OrderRef> findByTokenDigest(byte[] digest) {
        return jdbc.queryAcrossTenants("SELECT organization_id, mode, id FROM orders WHERE application_token_digest = ?",
                row -> new OrderRef(row.getString(1), row.getString(2), row.getString(3)), digest).stream().findFirst();
    }

    /** Like {@link #findById}, and locks the row until the transaction ends. */
    public Optional<Order> lockById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM orders WHERE {tenant} AND id = ? FOR UPDATE",
                OrderRepository::read, id);
    }

    /** Sets the status, and pending_at, completed_at or canceled_at when it is one of those. */
    void moveTo(Tenant tenant, String id, OrderStatus status, Instant at) {
        jdbc.update(tenant, "UPDATE orders SET status = ?, pending_at = coalesce(?, pending_at), completed_at = ?, "
                        + "canceled_at = ? WHERE {tenant} AND id = ?",
                status.value(), status == OrderStatus.PENDING ? Timestamp.from(at) : null,
                status == OrderStatus.COMPLETED ? Timestamp.from(at) : null,
                status == OrderStatus.CANCELED ? Timestamp.from(at) : null, id);
    }

    /** Whether any check of the order's screening has been answered and stored. */
    boolean screeningBegan(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT 1 FROM screening_checks WHERE {tenant} AND order_id = ? "
                        + "AND status IN ('requested', 'complete') LIMIT 1", row -> true, id)
                .isPresent();
    }

    /** Sets where the applicant's payment of the order stands (a payment that is not failed has no failure reason). */
    public void setPaymentStatus(Tenant tenant, String id, OrderPayment.Status status) {
        setPayment(tenant, id, status, null);
    }

    /** Sets where the applicant's payment of the order stands, and why it failed when it did. */
    public void setPayment(Tenant tenant, String id, OrderPayment.Status status, OrderPayment.FailureReason failureReason) {
        jdbc.update(tenant, "UPDATE orders SET payment_status = ?, payment_failure_reason = ? WHERE {tenant} AND id = ? "
                + "AND payment_status IS NOT NULL", status.value(), failureReason == null ? null : failureReason.value(), id);
    }

    /** Orders of any tenant still waiting for their applicant since before {@code createdBefore}, oldest first. */
    List<OrderRef> waitingSince(Instant createdBefore, int limit) {
        return jdbc.queryAcrossTenants("SELECT organization_id, mode, id FROM orders WHERE status = 'waiting_for_applicant' "
                        + "AND created_at < ? ORDER BY created_at LIMIT ?",
                row -> new OrderRef(row.getString(1), row.getString(2), row.getString(3)), createdBefore, limit);
    }

    /** Records a change of the order's status; the order must be the tenant's. */
    public void recordTransition(Tenant tenant, String orderId, OrderStatus from, OrderStatus to, String actor, Instant at) {
        int recorded = jdbc.update(tenant, "INSERT INTO order_transitions (order_id, from_status, to_status, actor, occurred_at) "
                        + "SELECT id, ?, ?, ?, ? FROM orders WHERE {tenant} AND id = ?",
                from == null ? null : from.value(), to.value(), actor, at, orderId);
        if (recorded != 1) {
            throw new IllegalStateException("no order " + orderId + " in this tenant to record a transition of");
        }
    }

    /**
     * A page of orders, each with the records the includes name, in one statement: each
     * record is joined on its primary key. The orders' foreign keys carry the tenant
     * (organization_id and mode), so a joined record is always the tenant's own.
     */
    public Page<Listed> page(Tenant tenant, PageRequest request, Set<Include> includes) {
        return pager.page(TABLE, COLUMNS, tenant, request, row -> readListed(row, includes), KeysetPager.Filter.none(TABLE),
                join(includes));
    }

    /** The select list and joins of the records the includes name; null when they name none. */
    private static KeysetPager.Join join(Set<Include> includes) {
        List<String> columns = new ArrayList<>();
        StringBuilder joins = new StringBuilder();
        if (includes.contains(Include.PROPERTY)) {
            columns.add(PropertyRepository.joinedColumns("property", PROPERTY));
            joins.append(" JOIN properties property ON property.id = page.property_id");
        }
        if (includes.contains(Include.APPLICANT)) {
            columns.add(ApplicantRepository.joinedColumns("applicant", APPLICANT));
            joins.append(" JOIN applicants applicant ON applicant.id = page.applicant_id");
        }
        if (includes.contains(Include.ORIGINAL_REQUESTER)) {
            columns.add(RequesterRepository.joinedColumns("requester", REQUESTER));
            joins.append(" LEFT JOIN original_requesters requester ON requester.id = page.original_requester_id");
        }
        return columns.isEmpty() ? null : new KeysetPager.Join(String.join(", ", columns), joins.toString());
    }

    private static Listed readListed(ResultSet row, Set<Include> includes) throws SQLException {
        return new Listed(read(row),
                includes.contains(Include.PROPERTY) ? PropertyRepository.read(row, PROPERTY) : null,
                includes.contains(Include.APPLICANT) ? ApplicantRepository.read(row, APPLICANT) : null,
                includes.contains(Include.ORIGINAL_REQUESTER) ? RequesterRepository.read(row, REQUESTER) : null);
    }

    /** An order of a page, with the records its includes name (null where not included, or where it has none). */
    public record Listed(Order order, @Nullable Property property, @Nullable Applicant applicant,
                         @Nullable OriginalRequester requester) implements KeysetPager.Positioned {

        @Override
        public Instant createdAt() {
            return order.createdAt();
        }

        @Override
        public String id() {
            return order.id();
        }
    }

    private static Order read(ResultSet row) throws SQLException {
        return new Order(row.getString("id"), Mode.fromDb(row.getString("mode")), OrderStatus.of(row.getString("status")),
                row.getString("package"), Arrays.asList((String[]) row.getArray("add_on_products").getArray()),
                Payer.of(row.getString("payer")), row.getString("property_id"), row.getString("applicant_id"),
                row.getString("original_requester_id"), applicationToken(row), row.getString("screening_policy_id"),
                row.getObject("monthly_rent", Long.class), row.getTimestamp("created_at").toInstant(),
                instant(row.getTimestamp("pending_at")), instant(row.getTimestamp("completed_at")), instant(row.getTimestamp("canceled_at")), payment(row),
                screeningRules(row.getString("screening_rules")), row.getString("rental_application_id"));
    }

    private static ScreeningRules screeningRules(String json) {
        return json == null ? null : ScreeningRulesJson.read(json);
    }

    private static OrderPayment payment(ResultSet row) throws SQLException {
        String status = row.getString("payment_status");
        return status == null ? null : new OrderPayment(OrderPayment.Status.of(status), row.getLong("payment_amount_cents"),
                row.getString("payment_currency"), OrderPayment.FailureReason.of(row.getString("payment_failure_reason")));
    }

    private static LinkTokens.Seed applicationToken(ResultSet row) throws SQLException {
        String keyId = row.getString("application_token_key_id");
        return keyId == null ? null : new LinkTokens.Seed(keyId, row.getBytes("application_token_nonce"));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
