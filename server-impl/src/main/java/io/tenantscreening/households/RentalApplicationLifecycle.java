package io.tenantscreening.households;

import io.micronaut.json.JsonMapper;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderSettledListener;
import io.tenantscreening.orders.OrderStatus;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * How a rental application changes state (openapi.yaml, Households under Rental
 * applications): with its members' orders, when it is canceled, and when a member is added
 * or removed; each change with its {@code rental_application.*} event, whose object is the
 * application as answered right after it and whose {@code previous_status} is its status
 * before.
 * <p>
 * Every change holds the application's row lock ({@link RentalApplicationRepository#lockById})
 * and reads the members' orders once it has it, so two transactions completing the last two
 * members' orders at once complete the application once. A member's order is locked before
 * the application, in every transaction that locks both: the one that moves the order
 * ({@link OrderSettledListener}), and the cancel and the removal here, which lock the
 * members' orders first.
 */
@Singleton
public class RentalApplicationLifecycle implements OrderSettledListener {

    private final RentalApplicationRepository applications;
    private final RentalApplicationMembers members;
    private final RentalApplicationService views;
    private final OrderLifecycle orders;
    private final ApplicantService applicants;
    private final EventService events;
    private final JsonMapper json;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public RentalApplicationLifecycle(RentalApplicationRepository applications, RentalApplicationMembers members,
                                      RentalApplicationService views, OrderLifecycle orders, ApplicantService applicants,
                                      EventService events, JsonMapper json, TransactionOperations<Connection> transactions,
                                      Clock clock) {
        this.applications = applications;
        this.members = members;
        this.views = views;
        this.orders = orders;
        this.applicants = applicants;
        this.events = events;
        this.json = json;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * Households: a member's order became completed or canceled, in the transaction that
     * moved it. The application becomes completed when every counted member's order is
     * completed, canceled when no applicant or co-applicant counts any more, each with its
     * event; a canceled application stays as it is.
     */
    @Override
    public void settled(Tenant tenant, Order order, Instant at) {
        if (order.rentalApplicationId() == null) {
            return;
        }
        settle(tenant, applications.lockById(tenant, order.rentalApplicationId())
                .orElseThrow(() -> new IllegalStateException("order " + order.id() + " names rental application "
                        + order.rentalApplicationId() + ", which does not exist")),
                at);
    }

    /**
     * POST /rental_applications/{id}/cancel, rules 1 to 3: in one transaction, the
     * application canceled, every member's order still waiting for its applicant or pending
     * canceled (each with its order.canceled event), one rental_application.canceled event;
     * 422 on {@code id} for an application canceled already.
     */
    RentalApplicationView cancel(Tenant tenant, String id, boolean includeOrders) {
        return transactions.executeWrite(status -> {
            RentalApplication seen = applications.findById(tenant, id).orElseThrow(() -> RentalApplicationService.notFound(id));
            seen.members().stream().map(RentalApplication.Member::orderId).sorted().forEach(orderId -> orders.lockAny(tenant, orderId));
            RentalApplication application = lock(tenant, id);
            if (application.status() == RentalApplicationStatus.CANCELED) {
                throw ApiException.invalid(ErrorSource.parameter("id"), "Rental application '" + id + "' is canceled already.");
            }
            Instant now = Timestamps.now(clock);
            applications.setStatus(tenant, id, RentalApplicationStatus.CANCELED, now);
            for (RentalApplication.Member member : application.members()) {
                if (cancelable(member)) {
                    orders.cancel(tenant, member.orderId(), OrderLifecycle.Actor.API, Set.of());
                }
            }
            record(tenant, EventType.RENTAL_APPLICATION_CANCELED, id, application.status(), now);
            return views.view(tenant, id, includeOrders);
        });
    }

    /**
     * POST /rental_applications/{id}/members/{order_id}/remove, rules 1 to 4: the member gets
     * {@code removed_at}, its order is canceled when it is still waiting or pending, and the
     * application completes when every member that still counts is completed.
     */
    RentalApplicationView remove(Tenant tenant, String id, String orderId, boolean includeOrders) {
        return transactions.executeWrite(status -> {
            orders.lockAny(tenant, orderId);
            RentalApplication application = lock(tenant, id);
            RentalApplication.Member member = application.members().stream()
                    .filter(candidate -> candidate.orderId().equals(orderId)).findFirst()
                    .orElseThrow(() -> ApiException.notFound("Order '" + Echo.of(orderId) + "' is not a member of rental "
                            + "application '" + id + "'."));
            if (application.status() == RentalApplicationStatus.CANCELED) {
                throw ApiException.invalid(ErrorSource.parameter("id"), "Rental application '" + id
                        + "' is canceled; its members can no longer be removed.");
            }
            if (member.removedAt() != null) {
                throw ApiException.invalid(ErrorSource.parameter("order_id"), "The member screened by order '" + orderId
                        + "' was removed already.");
            }
            if (member.counts() && member.role().earner() && application.counted().stream()
                    .noneMatch(other -> other != member && other.role().earner())) {
                throw ApiException.invalid(ErrorSource.parameter("order_id"), "The member screened by order '" + orderId
                        + "' is the last applicant or co-applicant that counts; cancel the application instead "
                        + "(POST /rental_applications/" + id + "/cancel).");
            }
            Instant now = Timestamps.now(clock);
            applications.markRemoved(tenant, id, orderId, now);
            if (cancelable(member)) {
                orders.cancel(tenant, orderId, OrderLifecycle.Actor.API, Set.of());
            }
            settle(tenant, lock(tenant, id), now);
            return views.view(tenant, id, includeOrders);
        });
    }

    /**
     * POST /rental_applications/{id}/members in test mode, rules 1 to 4, in one transaction:
     * the member {@code parse} makes of the request, given the application's members as they
     * are under its lock (rule 1), added, and its event; the application as answered.
     */
    RentalApplicationView addMemberInTestMode(Tenant tenant, String id,
                                              Function<List<RentalApplicationMapper.Identity>, NewRentalApplication.NewMember> parse,
                                              boolean includeOrders) {
        return transactions.executeWrite(status -> {
            addMember(tenant, id, parse.apply(present(tenant, lock(tenant, id))));
            return views.view(tenant, id, includeOrders);
        });
    }

    /**
     * POST /rental_applications/{id}/members, rules 2 to 4, in the caller's transaction: the
     * member added as {@link RentalApplicationMembers#add} adds it (a completed application
     * collecting again), and its rental_application.member_added event with the application's
     * status before. Answers the new member's order.
     */
    public Order addMember(Tenant tenant, String id, NewRentalApplication.NewMember member) {
        RentalApplication before = lock(tenant, id);
        RentalApplicationMapper.refuseRepeat(member, present(tenant, before));
        Order order = members.add(tenant, id, member);
        record(tenant, EventType.RENTAL_APPLICATION_MEMBER_ADDED, id, before.status(), order.createdAt());
        return order;
    }

    /**
     * Who the application's members are (removed ones included), for
     * {@link RentalApplicationMapper#toMember}: each one's applicant and its email.
     */
    List<RentalApplicationMapper.Identity> present(Tenant tenant, RentalApplication application) {
        return application.members().stream().map(member -> new RentalApplicationMapper.Identity(member.applicantId(),
                applicants.require(tenant, member.applicantId()).email().toLowerCase(Locale.ROOT))).toList();
    }

    /** The status the members call for, with its event, unless the application is canceled or has it already. */
    private void settle(Tenant tenant, RentalApplication application, Instant at) {
        RentalApplicationStatus next = application.statusOfMembers();
        if (application.status() == RentalApplicationStatus.CANCELED || next == application.status()) {
            return;
        }
        applications.setStatus(tenant, application.id(), next, at);
        switch (next) {
            case COMPLETED -> record(tenant, EventType.RENTAL_APPLICATION_COMPLETED, application.id(), application.status(), at);
            case CANCELED -> record(tenant, EventType.RENTAL_APPLICATION_CANCELED, application.id(), application.status(), at);
            case COLLECTING -> throw new IllegalStateException("rental application " + application.id()
                    + " would collect again without a new member");
        }
    }

    private RentalApplication lock(Tenant tenant, String id) {
        return applications.lockById(tenant, id).orElseThrow(() -> RentalApplicationService.notFound(id));
    }

    private static boolean cancelable(RentalApplication.Member member) {
        return member.orderStatus() == OrderStatus.WAITING_FOR_APPLICANT || member.orderStatus() == OrderStatus.PENDING;
    }

    /** Records the event with the application as answered now (without embedded orders). */
    private void record(Tenant tenant, EventType type, String id, RentalApplicationStatus previous, Instant at) {
        events.record(tenant, type, id, RentalApplicationMapper.json(json, views.view(tenant, id, false)), previous.value(), at);
    }
}
