package io.tenantscreening.orders;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import io.tenantscreening.properties.Property;
import io.tenantscreening.properties.PropertyService;
import io.tenantscreening.requesters.OriginalRequester;
import io.tenantscreening.requesters.RequesterService;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads and lists orders of one tenant, with the related records an include names
 * embedded (a list page reads them in its own statement; a single order, with one query
 * per kind of record). Placing orders is {@link OrderPlacement}'s, changing their state
 * {@link OrderLifecycle}'s.
 */
@Singleton
public class OrderService {

    private final OrderRepository orders;
    private final PropertyService properties;
    private final ApplicantService applicants;
    private final RequesterService requesters;
    private final ApplicationTokens tokens;

    public OrderService(OrderRepository orders, PropertyService properties, ApplicantService applicants,
                        RequesterService requesters, ApplicationTokens tokens) {
        this.orders = orders;
        this.properties = properties;
        this.applicants = applicants;
        this.requesters = requesters;
        this.tokens = tokens;
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
        return orders.findByTokenDigest(ApplicationTokens.digest(token));
    }

    @Connectable
    public Page<OrderView> list(Tenant tenant, PageRequest request, Set<Include> includes) {
        Page<OrderRepository.Listed> page = orders.page(tenant, request, includes);
        return new Page<>(page.items().stream()
                .map(row -> view(row.order(), includes, row.property(), row.applicant(), row.requester())).toList(),
                page.count(), page.next(), page.previous());
    }

    /** The order with this id as answered, in the caller's transaction; 404 when the tenant has none. */
    OrderView view(Tenant tenant, String id, Set<Include> includes) {
        Order order = orders.findById(tenant, id).orElseThrow(() -> notFound(id));
        return views(tenant, List.of(order), includes).get(0);
    }

    /** An order as answered, with the records its includes name. */
    OrderView view(Order order, Set<Include> includes, Property property, Applicant applicant, OriginalRequester requester) {
        String url = order.status() == OrderStatus.WAITING_FOR_APPLICANT && order.applicationToken() != null
                ? tokens.url(order.id(), order.applicationToken()) : null;
        return new OrderView(order, url, includes,
                includes.contains(Include.PROPERTY) ? property : null,
                includes.contains(Include.APPLICANT) ? applicant : null,
                includes.contains(Include.ORIGINAL_REQUESTER) ? requester : null);
    }

    private List<OrderView> views(Tenant tenant, List<Order> page, Set<Include> includes) {
        Map<String, Property> propertiesById = includes.contains(Include.PROPERTY)
                ? byId(properties.findAll(tenant, ids(page, Order::propertyId)), Property::id) : Map.of();
        Map<String, Applicant> applicantsById = includes.contains(Include.APPLICANT)
                ? byId(applicants.findAll(tenant, ids(page, Order::applicantId)), Applicant::id) : Map.of();
        Map<String, OriginalRequester> requestersById = includes.contains(Include.ORIGINAL_REQUESTER)
                ? byId(requesters.findAll(tenant, ids(page, Order::originalRequesterId)), OriginalRequester::id) : Map.of();
        return page.stream()
                .map(order -> view(order, includes, propertiesById.get(order.propertyId()),
                        applicantsById.get(order.applicantId()),
                        order.originalRequesterId() == null ? null : requestersById.get(order.originalRequesterId())))
                .toList();
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No order with id '" + Echo.of(id) + "'.");
    }

    private static Set<String> ids(List<Order> page, Function<Order, String> id) {
        return page.stream().map(id).filter(Objects::nonNull).collect(Collectors.toSet());
    }

    private static <T> Map<String, T> byId(List<T> records, Function<T, String> id) {
        return records.stream().collect(Collectors.toMap(id, Function.identity()));
    }
}
