package io.tenantscreening.households;

import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderCreation;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.orders.PlaceOrder;
import io.tenantscreening.properties.Property;
import io.tenantscreening.properties.PropertyService;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Creates a rental application and its members' orders in the caller's transaction (so a
 * failure for any member leaves nothing): the property once (an inline address reused as
 * {@code POST /orders} reuses it), the application, then each member's order as
 * {@link OrderCreation} places any order, with the application's property, package,
 * add-ons, payer, policy and rent. The policy is the one the first member's order found
 * (named, or the default then), named explicitly for the others, so every member is measured
 * against the same policy even if the default changes meanwhile.
 */
@Singleton
public class RentalApplicationCreation {

    private final OrderCreation orders;
    private final PropertyService properties;
    private final RentalApplicationRepository applications;
    private final Clock clock;

    public RentalApplicationCreation(OrderCreation orders, PropertyService properties, RentalApplicationRepository applications,
                                     Clock clock) {
        this.orders = orders;
        this.properties = properties;
        this.applications = applications;
        this.clock = clock;
    }

    /** Creates the application and its members' orders; answers its id. */
    public String create(Tenant tenant, NewRentalApplication command) {
        Property property = property(tenant, command);
        String id = PublicIds.newId("rap", tenant.mode());
        Instant now = Timestamps.now(clock);
        applications.insert(tenant, new RentalApplication(id, tenant.mode(), RentalApplicationStatus.COLLECTING, property.id(),
                command.packageSlug(), command.addOnProducts(), command.payer(), null, command.monthlyRent(), now, null, null,
                List.of()));
        String policyId = command.screeningPolicyId();
        List<NewRentalApplication.NewMember> members = command.members();
        for (int index = 0; index < members.size(); index++) {
            Order order = addMember(tenant, id, new Terms(property.id(), command.packageSlug(), command.addOnProducts(),
                    command.payer(), policyId, command.monthlyRent(), index > 0), members.get(index),
                    "/rental_application/members/" + index, now);
            if (index == 0) {
                policyId = order.screeningPolicyId();
                applications.setPolicy(tenant, id, policyId);
            }
        }
        return id;
    }

    /**
     * Checks against stored state, creating nothing, what {@link #create} would refuse
     * (POST /rental_applications, rules 1, 3 and 5): a live request checks it before it
     * charges. Errors point where {@link #create}'s would.
     */
    public void check(Tenant tenant, NewRentalApplication command) {
        List<NewRentalApplication.NewMember> members = command.members();
        for (int index = 0; index < members.size(); index++) {
            NewRentalApplication.NewMember member = members.get(index);
            checkOrder(tenant, new PlaceOrder(command.packageSlug(), command.addOnProducts(), command.payer(),
                    command.propertyId(), command.property(), member.applicantId(), member.applicant(), null, null,
                    command.screeningPolicyId(), command.monthlyRent()), false, "/rental_application/members/" + index);
        }
    }

    /**
     * Checks against stored state, creating nothing, what {@link #addMember} would refuse
     * of the member's order; errors point as {@link #addMember}'s would.
     */
    public void checkMember(Tenant tenant, Terms terms, NewRentalApplication.NewMember member, String memberPointer) {
        checkOrder(tenant, new PlaceOrder(terms.packageSlug(), terms.addOnProducts(), terms.payer(), terms.propertyId(), null,
                member.applicantId(), member.applicant(), null, null, terms.screeningPolicyId(), terms.monthlyRent()),
                terms.policySettled(), memberPointer);
    }

    private void checkOrder(Tenant tenant, PlaceOrder command, boolean policySettled, String memberPointer) {
        try {
            orders.checkMember(tenant, command, policySettled);
        } catch (ApiException e) {
            throw e.relocated("/order/applicant", memberPointer + "/applicant").relocated("/order/", "/rental_application/");
        }
    }

    /**
     * What every member's order of one application is placed with. {@code policySettled}: the
     * policy is the application's own ({@code screeningPolicyId}, or none), not looked up again
     * (no default now, no refusal of a policy archived since); false only for the first
     * member of a new application, whose order settles it.
     */
    public record Terms(String propertyId, String packageSlug, List<String> addOnProducts, Payer payer,
                        String screeningPolicyId, Long monthlyRent, boolean policySettled) {

        /** The terms of an application as stored, for a member added later. */
        public static Terms of(RentalApplication application) {
            return new Terms(application.propertyId(), application.packageSlug(), application.addOnProducts(),
                    application.payer(), application.screeningPolicyId(), application.monthlyRent(), true);
        }
    }

    /**
     * Places the order of one member of the application {@code applicationId} and records the
     * member, in the caller's transaction; errors about the member point under
     * {@code memberPointer} (such as {@code /rental_application/members/2} or {@code /member}),
     * errors about the shared terms under {@code /rental_application}.
     */
    public Order addMember(Tenant tenant, String applicationId, Terms terms, NewRentalApplication.NewMember member,
                           String memberPointer, Instant at) {
        PlaceOrder command = new PlaceOrder(terms.packageSlug(), terms.addOnProducts(), terms.payer(), terms.propertyId(), null,
                member.applicantId(), member.applicant(), null, null, terms.screeningPolicyId(), terms.monthlyRent());
        Order order;
        try {
            order = orders.createMember(tenant, command, applicationId, terms.policySettled());
        } catch (ApiException e) {
            throw e.relocated("/order/applicant", memberPointer + "/applicant").relocated("/order/", "/rental_application/");
        }
        applications.insertMember(tenant, applicationId, order.id(), member.role(), at);
        return order;
    }

    private Property property(Tenant tenant, NewRentalApplication command) {
        if (command.propertyId() != null) {
            return properties.get(tenant, command.propertyId());
        }
        try {
            properties.checkJurisdiction(command.property());
        } catch (ApiException e) {
            throw e.relocated("/property/", "/rental_application/property/");
        }
        return properties.findOrCreate(tenant, command.property()).property();
    }
}
