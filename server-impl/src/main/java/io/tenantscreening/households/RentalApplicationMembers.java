package io.tenantscreening.households;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.orders.Order;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;

/**
 * POST /rental_applications/{id}/members: adds a member to an application, in the caller's
 * transaction, under the lock of the application's row. Test mode runs it in a transaction
 * of its own; a live request runs it where its charges are booked.
 */
@Singleton
public class RentalApplicationMembers {

    /** The most members an application has, removed ones included (the contract's maxItems). */
    static final int MAX_MEMBERS = 10;

    private final RentalApplicationRepository applications;
    private final RentalApplicationCreation creation;
    private final Clock clock;

    public RentalApplicationMembers(RentalApplicationRepository applications, RentalApplicationCreation creation, Clock clock) {
        this.applications = applications;
        this.creation = creation;
        this.clock = clock;
    }

    /**
     * Checks that the application can take the member (rules 1 and 2) without changing
     * anything: a live request checks it before it charges. 404 for an application the tenant
     * does not have.
     */
    public RentalApplication check(Tenant tenant, String applicationId) {
        RentalApplication application = applications.findById(tenant, applicationId)
                .orElseThrow(() -> RentalApplicationService.notFound(applicationId));
        refuseIfFull(application);
        return application;
    }

    /**
     * Adds the member: its order placed with the application's terms, the member recorded
     * last, and a completed application collecting again. Answers the new member's order.
     */
    public Order add(Tenant tenant, String applicationId, NewRentalApplication.NewMember member) {
        RentalApplication application = applications.lockById(tenant, applicationId)
                .orElseThrow(() -> RentalApplicationService.notFound(applicationId));
        refuseIfFull(application);
        Instant now = Timestamps.now(clock);
        Order order = creation.addMember(tenant, applicationId, RentalApplicationCreation.Terms.of(application), member,
                "/member", now);
        if (application.status() == RentalApplicationStatus.COMPLETED) {
            applications.setStatus(tenant, applicationId, RentalApplicationStatus.COLLECTING, now);
        }
        return order;
    }

    private static void refuseIfFull(RentalApplication application) {
        if (application.status() == RentalApplicationStatus.CANCELED) {
            throw ApiException.invalid(ErrorSource.parameter("id"), "Rental application '" + application.id()
                    + "' is canceled; create a new application instead.");
        }
        if (application.members().size() >= MAX_MEMBERS) {
            throw ApiException.invalid(ErrorSource.pointer("/member"), "Rental application '" + application.id() + "' already has "
                    + MAX_MEMBERS + " members, removed ones included; create a new application for a larger household.");
        }
    }
}
