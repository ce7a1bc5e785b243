package io.tenantscreening.orders;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.properties.Property;
import io.tenantscreening.requesters.OriginalRequester;
import jakarta.inject.Singleton;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and lists orders of one tenant, with the related records an include names
 * embedded (read in the same statement as the orders, joined on their keys). Placing
 * orders is {@link OrderPlacement}'s, changing their state {@link OrderLifecycle}'s.
 */
@Singleton
public class OrderService {

    private final OrderRepository orders;
    private final ApplicationTokens tokens;
    private final OrderChecks checks;

    public OrderService(OrderRepository orders, ApplicationTokens tokens, OrderChecks checks) {
        this.orders = orders;
        this.tokens = tokens;
        this.checks = checks;
    }

    /**
     * Reads run on one connection without a transaction of their own: at READ COMMITTED an
     * explicit transaction would give their statements no common snapshot anyway, and
     * would cost two round trips (BEGIN, COMMIT). Inside a caller's transaction they join it.
     */
    @Connectable
    public OrderView get(Tenant tenant, String id, Set<Include> includes) {
        return view(tenant, id, includes);
    }

    /** The order an application token belongs to, whatever its status; empty for a token no order has. */
    @Transactional
    public Optional<OrderRef> findByApplicationToken(String token) {
        return orders.findByTokenDigest(LinkTokens.digest(token));
    }

    /** A page of orders; the checks of all of them are read at once (one statement at most, {@link OrderChecks}). */
    @Connectable
    public Page<OrderView> list(Tenant tenant, PageRequest request, Set<Include> includes) {
        Page<OrderRepository.Listed> page = orders.page(tenant, request, includes);
        Map<String, List<OrderCheck>> ofPage = checks.of(tenant, page.items().stream().map(OrderRepository.Listed::order).toList());
        return new Page<>(page.items().stream()
                .map(row -> view(row.order(), ofPage.get(row.order().id()), includes, row.property(), row.applicant(),
                        row.requester())).toList(),
                page.count(), page.next(), page.previous());
    }

    /**
     * The tenant's orders with these ids as answered without embedded records, by id, read in
     * two statements whatever their number (the orders, then their checks); an id the tenant
     * has no order with is absent.
     */
    @Connectable
    public Map<String, OrderView> byIds(Tenant tenant, List<String> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<Order> found = orders.findByIds(tenant, ids);
        Map<String, List<OrderCheck>> ofOrders = checks.of(tenant, found);
        Map<String, OrderView> views = new HashMap<>();
        found.forEach(order -> views.put(order.id(), view(order, ofOrders.get(order.id()), Set.of(), null, null, null)));
        return views;
    }

    /** The order with this id as answered, in the caller's transaction; 404 when the tenant has none. */
    OrderView view(Tenant tenant, String id, Set<Include> includes) {
        OrderRepository.Listed row = orders.findById(tenant, id, includes).orElseThrow(() -> notFound(id));
        return view(tenant, row.order(), includes, row.property(), row.applicant(), row.requester());
    }

    /** An order as answered, with its checks and the records its includes name. */
    OrderView view(Tenant tenant, Order order, Set<Include> includes, Property property, Applicant applicant,
                   OriginalRequester requester) {
        return view(order, checks.of(tenant, List.of(order)).get(order.id()), includes, property, applicant, requester);
    }

    private OrderView view(Order order, List<OrderCheck> checks, Set<Include> includes, Property property, Applicant applicant,
                           OriginalRequester requester) {
        String url = order.status() == OrderStatus.WAITING_FOR_APPLICANT && order.applicationToken() != null
                ? tokens.url(order.id(), order.applicationToken()) : null;
        return new OrderView(order, url, checks, includes,
                includes.contains(Include.PROPERTY) ? property : null,
                includes.contains(Include.APPLICANT) ? applicant : null,
                includes.contains(Include.ORIGINAL_REQUESTER) ? requester : null);
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No order with id '" + Echo.of(id) + "'.");
    }
}
