package io.tenantscreening.orders;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.OrdersApi;
import io.tenantscreening.api.model.ConditionalOfferInput;
import io.tenantscreening.api.model.ConditionalOfferRequest;
import io.tenantscreening.api.model.CreateOrderRequest;
import io.tenantscreening.api.model.OrderList;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEnvelope;
import io.tenantscreening.idempotency.CanonicalJson;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.web.LogFields;
import io.tenantscreening.web.RequestThreads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;
import java.util.Set;

/** POST /orders, GET /orders, GET /orders/{id}, POST /orders/{id}/cancel, POST /orders/{id}/conditional_offer. */
@ExecuteOn(RequestThreads.NAME)
@Controller
public class OrdersController implements OrdersApi {

    static final String REPLAYED_HEADER = "Idempotent-Replayed";
    private static final String LIST = "orders";
    private static final String PATH = "/orders";

    private final OrderService orders;
    private final OrderPlacement placement;
    private final OrderLifecycle lifecycle;
    private final ListLinks links;
    private final JsonMapper json;
    private final ServiceMetrics metrics;
    private final ConditionalOffers offers;

    public OrdersController(OrderService orders, OrderPlacement placement, OrderLifecycle lifecycle, ListLinks links,
                            JsonMapper json, ServiceMetrics metrics, ConditionalOffers offers) {
        this.offers = offers;
        this.orders = orders;
        this.placement = placement;
        this.lifecycle = lifecycle;
        this.links = links;
        this.json = json;
        this.metrics = metrics;
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Order> createOrder(String idempotencyKey, CreateOrderRequest request,
                                                                         @Nullable String serviceTenantVersion,
                                                                         @Nullable String include) {
        Set<Include> includes = Include.parse(include);
        PlaceOrder command = OrderMapper.toCommand(request.getOrder());
        if (request.getOrder().getAddOnProducts() != null) {
            request.getOrder().setAddOnProducts(request.getOrder().getAddOnProducts().stream().sorted().toList());
        }
        OrderPlacement.Placement placed = placement.place(Caller.current().tenant(), command, includes, idempotencyKey,
                CanonicalJson.of(json, request));
        Mode mode = Caller.current().tenant().mode();
        if (placed instanceof OrderPlacement.Refused refused) {
            metrics.orderPlacement(mode, "payment_required");
            metrics.paymentRequired(refused.refusal().errors().get(0).code());
            throw refused.refusal();
        }
        if (placed instanceof OrderPlacement.Replayed replayed) {
            metrics.orderPlacement(mode, "replayed");
            return replay(replayed);
        }
        metrics.orderPlacement(mode, "created");
        return HttpResponse.created(OrderMapper.toApi(logged(((OrderPlacement.Placed) placed).view())));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Order> getOrder(String id, @Nullable String serviceTenantVersion,
                                                                      @Nullable String include) {
        return HttpResponse.ok(OrderMapper.toApi(logged(orders.get(Caller.current().tenant(), id, Include.parse(include)))));
    }

    @Override
    public HttpResponse<OrderList> listOrders(@Nullable String serviceTenantVersion, @Nullable String cursor,
                                              @Nullable Integer perPage, @Nullable String include) {
        Tenant tenant = Caller.current().tenant();
        Set<Include> includes = Include.parse(include);
        PageRequest request = links.request(LIST, tenant, cursor, perPage);
        Page<OrderView> page = orders.list(tenant, request, includes);
        Map<String, String> keep = include == null ? Map.of() : Map.of("include", include);
        return HttpResponse.ok(OrderMapper.toApi(page, links.links(LIST, PATH, tenant, page, request.perPage(), keep)));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Order> cancelOrder(String id, @Nullable String serviceTenantVersion,
                                                                         @Nullable String include) {
        return HttpResponse.ok(OrderMapper.toApi(logged(lifecycle.cancel(Caller.current().tenant(), id, OrderLifecycle.Actor.API,
                Include.parse(include)))));
    }

    @Override
    public HttpResponse<io.tenantscreening.api.model.Order> makeConditionalOffer(String id, String idempotencyKey,
                                                                                  ConditionalOfferRequest request,
                                                                                  @Nullable String serviceTenantVersion,
                                                                                  @Nullable String include) {
        ConditionalOfferInput offer = request.getConditionalOffer();
        ConditionalOffers.Made made = offers.make(Caller.current().tenant(), id,
                new ConditionalOffers.Offer(offer.getMadeOn(), offer.getNote()), idempotencyKey, CanonicalJson.of(json, request),
                Include.parse(include));
        if (made instanceof ConditionalOffers.Replayed replayed) {
            try {
                io.tenantscreening.api.model.Order order = json.readValue(replayed.body(), io.tenantscreening.api.model.Order.class);
                return HttpResponse.ok(OrderMapper.embed(order, replayed.order())).header(REPLAYED_HEADER, "true");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HttpResponse.ok(OrderMapper.toApi(((ConditionalOffers.Released) made).order()));
    }

    /** The order, named in the request's log lines from here on. */
    private static OrderView logged(OrderView order) {
        LogFields.noteForRequest(LogFields.ORDER_ID, order.order().id());
        return order;
    }

    private HttpResponse<io.tenantscreening.api.model.Order> replay(OrderPlacement.Replayed replayed) {
        try {
            if (replayed.status() == HttpStatus.CREATED.getCode()) {
                io.tenantscreening.api.model.Order order = json.readValue(replayed.body(), io.tenantscreening.api.model.Order.class)
                        .applicationUrl(replayed.view().applicationUrl() == null ? null
                                : URI.create(replayed.view().applicationUrl()));
                return HttpResponse.created(OrderMapper.embed(order, replayed.view())).header(REPLAYED_HEADER, "true");
            }
            ErrorEnvelope stored = json.readValue(replayed.body(), ErrorEnvelope.class);
            throw new ApiException(HttpStatus.valueOf(replayed.status()), stored.errors()).withHeader(REPLAYED_HEADER, "true");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
