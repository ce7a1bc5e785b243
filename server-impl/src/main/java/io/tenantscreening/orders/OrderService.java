package io.tenantscreening.orders;

import io.micronaut.json.JsonMapper;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.billing.BillingService;
import io.tenantscreening.billing.PaymentRefused;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.ErrorSource;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.crypto.Hmac;
import io.tenantscreening.common.crypto.KeyRing;
import io.tenantscreening.common.lists.Page;
import io.tenantscreening.common.lists.PageRequest;
import io.tenantscreening.properties.Property;
import io.tenantscreening.properties.PropertyService;
import io.tenantscreening.requesters.OriginalRequester;
import io.tenantscreening.requesters.RequesterService;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Savepoint;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Places, reads, lists and cancels orders. Placing is one transaction: property reuse or
 * creation, applicant, requester upsert, order, charge and (live mode) the
 * Idempotency-Key with its answer all commit together or not at all; after a refused
 * charge only the key and its 402 answer commit.
 */
@Singleton
public class OrderService {

    private static final String APPLY_TEST_DOMAIN = "@apply.test";
    private static final String IDEMPOTENCY_PURPOSE = "idempotency-request";
    private static final String ACTOR_API = "api";

    private final OrderRepository orders;
    private final IdempotencyRepository idempotency;
    private final PropertyService properties;
    private final ApplicantService applicants;
    private final RequesterService requesters;
    private final BillingService billing;
    private final ApplicationTokens tokens;
    private final KeyRing keys;
    private final JsonMapper json;
    private final Jdbc jdbc;

    public OrderService(OrderRepository orders, IdempotencyRepository idempotency, PropertyService properties,
                        ApplicantService applicants, RequesterService requesters, BillingService billing,
                        ApplicationTokens tokens, KeyRing keys, JsonMapper json, Jdbc jdbc) {
        this.orders = orders;
        this.idempotency = idempotency;
        this.properties = properties;
        this.applicants = applicants;
        this.requesters = requesters;
        this.billing = billing;
        this.tokens = tokens;
        this.keys = keys;
        this.json = json;
        this.jdbc = jdbc;
    }

    /** What placing an order came to. */
    public sealed interface Placement permits Placed, Refused, Replayed {
    }

    /** A new order. */
    public record Placed(OrderView view) implements Placement {
    }

    /** The charge was refused: no order; in live mode the key now keeps this answer. */
    public record Refused(PaymentRefused refusal) implements Placement {
    }

    /**
     * The stored answer to an earlier live request with the same key and body. For a 201,
     * {@code view} holds what the stored body leaves out: the application URL the order was
     * created with, and the records this request's include names, as they are now.
     */
    public record Replayed(int status, String body, OrderView view) implements Placement {
    }

    /**
     * Places an order. {@code canonicalRequest} is the request body in a normal form (it
     * decides whether a reused key comes with the same request); {@code render} writes the
     * 201 body that the key keeps for replays, from {@link OrderView#stored()}.
     */
    @Transactional
    public Placement place(Caller caller, PlaceOrder command, Set<Include> includes, String idempotencyKey,
                           String canonicalRequest, Function<OrderView, String> render) {
        if (caller.mode() == Mode.TEST) {
            return new Placed(create(caller, command, includes, null));
        }
        String organization = caller.organizationId();
        KeyRing.Key key = keys.active();
        if (!idempotency.claim(organization, idempotencyKey, requestDigest(key, canonicalRequest), key.id(), now())) {
            return replay(caller, idempotency.find(organization, idempotencyKey).orElseThrow(), canonicalRequest, includes);
        }
        Savepoint beforeOrder = jdbc.withConnection(connection -> connection.setSavepoint());
        try {
            OrderView view = create(caller, command, includes, chargeId(organization, idempotencyKey));
            idempotency.complete(organization, idempotencyKey, 201, render.apply(view.stored()), view.order().id());
            return new Placed(view);
        } catch (PaymentRefused refusal) {
            jdbc.withConnection(connection -> {
                connection.rollback(beforeOrder);
                return null;
            });
            idempotency.complete(organization, idempotencyKey, 402, toJson(refusal.envelope()), null);
            return new Refused(refusal);
        }
    }

    @Transactional
    public OrderView get(Caller caller, String id, Set<Include> includes) {
        return views(caller, List.of(require(caller, id)), includes).get(0);
    }

    @Transactional
    public Page<OrderView> list(Caller caller, PageRequest request, Set<Include> includes) {
        Page<Order> page = orders.page(caller, request);
        return new Page<>(views(caller, page.items(), includes), page.count(), page.next(), page.previous());
    }

    /** Cancels an order that is not final yet; 422 on the path parameter otherwise. */
    @Transactional
    public OrderView cancel(Caller caller, String id, Set<Include> includes) {
        Order order = orders.lockById(caller, id).orElseThrow(() -> notFound(id));
        if (order.status().isFinal()) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Order '" + order.id() + "' is " + order.status().value()
                    + " and can no longer be canceled.");
        }
        Instant now = now();
        orders.markCanceled(order.id(), now);
        orders.recordTransition(order.id(), order.status(), OrderStatus.CANCELED, ACTOR_API, now);
        return get(caller, id, includes);
    }

    /**
     * Creates the order; {@code chargeId} identifies its charge (live mode), null in test mode.
     * Every check of stored state (payer, referenced records) runs here, after the key was
     * claimed, so a replay answers what was stored whatever has changed since.
     */
    private OrderView create(Caller caller, PlaceOrder command, Set<Include> includes, String chargeId) {
        checkPayer(caller, command);
        Property property = command.propertyId() == null ? null : properties.get(caller, command.propertyId());
        Applicant applicant = command.applicantId() == null ? null : applicants.require(caller, command.applicantId());
        if (applicant != null && orders.applicantHasOrder(applicant.id())) {
            throw alreadyAttached(applicant.id());
        }
        OriginalRequester requester = command.requesterId() == null ? null
                : requesters.requireActive(caller, command.requesterId());
        if (property == null) {
            property = properties.findOrCreate(caller, command.property()).property();
        }
        if (applicant == null) {
            applicant = applicants.create(caller, command.applicant());
        }
        if (command.requester() != null) {
            requester = requesters.upsert(caller, command.requester(), "/order/original_requester/external_id");
        }
        OrderStatus status = caller.mode() == Mode.LIVE || applicant.email().toLowerCase(Locale.ROOT).endsWith(APPLY_TEST_DOMAIN)
                ? OrderStatus.WAITING_FOR_APPLICANT : OrderStatus.PENDING;
        String orderId = PublicIds.newId("ord", caller.mode());
        ApplicationTokens.Issued token = status == OrderStatus.WAITING_FOR_APPLICANT ? tokens.issue(orderId) : null;
        Instant now = now();
        Order order = new Order(orderId, caller.mode(), status, command.packageSlug(), command.addOnProducts(), command.payer(),
                property.id(), applicant.id(), requester == null ? null : requester.id(),
                token == null ? null : token.seed(), now, null, null);
        try {
            orders.insert(caller, order, token == null ? null : token.digest());
        } catch (Jdbc.DataAccessException e) {
            if (e.violates("orders_applicant_unique")) {
                throw alreadyAttached(applicant.id());
            }
            throw e;
        }
        orders.recordTransition(orderId, null, status, ACTOR_API, now);
        if (command.payer() == Payer.ORGANIZATION) {
            billing.chargeOrder(caller, chargeId, orderId, command.packageSlug(), command.addOnProducts());
        }
        return view(order, includes, property, applicant, requester);
    }

    private void checkPayer(Caller caller, PlaceOrder command) {
        if (command.payer() != Payer.APPLICANT) {
            return;
        }
        if (caller.mode() == Mode.TEST) {
            throw ApiException.invalid(ErrorSource.pointer("/order/payer"),
                    "payer 'applicant' is available in live mode only; test orders are always paid by the organization.");
        }
        if (billing.invoiced(caller.organizationId())) {
            throw ApiException.invalid(ErrorSource.pointer("/order/payer"),
                    "payer 'applicant' is not available to organisations billed on invoice; omit payer or send 'organization'.");
        }
    }

    private Replayed replay(Caller caller, IdempotencyRepository.StoredAnswer stored, String canonicalRequest,
                            Set<Include> includes) {
        byte[] digest = requestDigest(keys.get(stored.digestKeyId()), canonicalRequest);
        if (!MessageDigest.isEqual(digest, stored.requestDigest())) {
            throw ApiException.invalid(ErrorSource.header("Idempotency-Key"),
                    "This Idempotency-Key was already used with a different request body. Send a new key for a new request.");
        }
        if (stored.orderId() == null) {
            return new Replayed(stored.status(), stored.body(), null);
        }
        OrderView now = views(caller, List.of(require(caller, stored.orderId())), includes).get(0);
        Order order = now.order();
        String urlAtCreation = order.applicationToken() == null ? null : tokens.url(order.id(), order.applicationToken());
        return new Replayed(stored.status(), stored.body(),
                new OrderView(order, urlAtCreation, includes, now.property(), now.applicant(), now.requester()));
    }

    private List<OrderView> views(Caller caller, List<Order> page, Set<Include> includes) {
        Map<String, Property> propertiesById = includes.contains(Include.PROPERTY)
                ? byId(properties.findAll(caller, ids(page, Order::propertyId)), Property::id) : Map.of();
        Map<String, Applicant> applicantsById = includes.contains(Include.APPLICANT)
                ? byId(applicants.findAll(caller, ids(page, Order::applicantId)), Applicant::id) : Map.of();
        Map<String, OriginalRequester> requestersById = includes.contains(Include.ORIGINAL_REQUESTER)
                ? byId(requesters.findAll(caller, ids(page, Order::originalRequesterId)), OriginalRequester::id) : Map.of();
        return page.stream()
                .map(order -> view(order, includes, propertiesById.get(order.propertyId()),
                        applicantsById.get(order.applicantId()),
                        order.originalRequesterId() == null ? null : requestersById.get(order.originalRequesterId())))
                .toList();
    }

    private OrderView view(Order order, Set<Include> includes, Property property, Applicant applicant,
                           OriginalRequester requester) {
        String url = order.status() == OrderStatus.WAITING_FOR_APPLICANT && order.applicationToken() != null
                ? tokens.url(order.id(), order.applicationToken()) : null;
        return new OrderView(order, url, includes,
                includes.contains(Include.PROPERTY) ? property : null,
                includes.contains(Include.APPLICANT) ? applicant : null,
                includes.contains(Include.ORIGINAL_REQUESTER) ? requester : null);
    }

    private Order require(Caller caller, String id) {
        return orders.findById(caller, id).orElseThrow(() -> notFound(id));
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No order with id '" + Echo.of(id) + "'.");
    }

    private static ApiException alreadyAttached(String applicantId) {
        return ApiException.invalid(ErrorSource.pointer("/order/applicant_id"), "Applicant '" + applicantId
                + "' already belongs to an order; applicants and orders are one to one. Send a new applicant instead.");
    }

    private static Set<String> ids(List<Order> page, Function<Order, String> id) {
        return page.stream().map(id).filter(Objects::nonNull).collect(Collectors.toSet());
    }

    private static <T> Map<String, T> byId(List<T> records, Function<T, String> id) {
        return records.stream().collect(Collectors.toMap(id, Function.identity()));
    }

    /** The same for every attempt with one key, so a gateway can recognise a retried charge. */
    private static String chargeId(String organizationId, String idempotencyKey) {
        byte[] digest = Hmac.sha256(organizationId.getBytes(StandardCharsets.UTF_8),
                idempotencyKey.getBytes(StandardCharsets.UTF_8));
        return "ch_" + HexFormat.of().formatHex(digest, 0, 16);
    }

    private static byte[] requestDigest(KeyRing.Key key, String canonicalRequest) {
        return Hmac.sha256(key.derive(IDEMPOTENCY_PURPOSE), canonicalRequest.getBytes(StandardCharsets.UTF_8));
    }

    private String toJson(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
