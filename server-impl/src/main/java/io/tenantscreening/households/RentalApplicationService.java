package io.tenantscreening.households;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.lists.Page;
import io.tenantscreening.lists.PageRequest;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderView;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.util.Map;
import java.util.Optional;

/** Creates test-mode rental applications, and reads and lists rental applications of one tenant. */
@Singleton
public class RentalApplicationService {

    private final RentalApplicationRepository applications;
    private final RentalApplicationCreation creation;
    private final OrderService orders;
    private final HouseholdDecisions decisions;
    private final TransactionOperations<Connection> transactions;

    public RentalApplicationService(RentalApplicationRepository applications, RentalApplicationCreation creation,
                                    OrderService orders, HouseholdDecisions decisions,
                                    TransactionOperations<Connection> transactions) {
        this.decisions = decisions;
        this.applications = applications;
        this.creation = creation;
        this.orders = orders;
        this.transactions = transactions;
    }

    /** Creates a test-mode application and its members' orders, in one transaction. */
    RentalApplicationView createInTestMode(Tenant tenant, NewRentalApplication command, boolean includeOrders) {
        return transactions.executeWrite(status -> view(tenant, creation.create(tenant, command), includeOrders));
    }

    @Connectable
    public RentalApplicationView get(Tenant tenant, String id, boolean includeOrders) {
        return view(tenant, id, includeOrders);
    }

    /** The role of the member an order screens; empty for an order of no application. */
    @Connectable
    public Optional<MemberRole> roleOf(Tenant tenant, String orderId) {
        return applications.roleOf(tenant, orderId);
    }

    @Connectable
    public Page<RentalApplicationView> list(Tenant tenant, PageRequest request, boolean includeOrders) {
        Page<RentalApplication> page = applications.page(tenant, request);
        Map<String, OrderView> embedded = includeOrders ? orders.byIds(tenant, page.items().stream()
                .flatMap(application -> application.members().stream()).map(RentalApplication.Member::orderId).toList()) : null;
        return new Page<>(page.items().stream().map(application -> view(tenant, application, embedded)).toList(),
                page.count(), page.next(), page.previous());
    }

    /** The application as answered, in the caller's transaction; 404 when the tenant has none with this id. */
    RentalApplicationView view(Tenant tenant, String id, boolean includeOrders) {
        return view(tenant, applications.findById(tenant, id).orElseThrow(() -> notFound(id)), includeOrders);
    }

    /** The application as answered (its household recommendation worked out now), in the caller's transaction. */
    RentalApplicationView view(Tenant tenant, RentalApplication application, boolean includeOrders) {
        return view(tenant, application, includeOrders ? orders.byIds(tenant,
                application.members().stream().map(RentalApplication.Member::orderId).toList()) : null);
    }

    /** The application as answered, its members' orders taken from {@code embedded} (null: not embedded). */
    private RentalApplicationView view(Tenant tenant, RentalApplication application, Map<String, OrderView> embedded) {
        return new RentalApplicationView(application, embedded, decisions.of(tenant, application));
    }

    static ApiException notFound(String id) {
        return ApiException.notFound("No rental application with id '" + Echo.of(id) + "'.");
    }
}
