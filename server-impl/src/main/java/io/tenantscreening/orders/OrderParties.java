package io.tenantscreening.orders;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.billing.BillingService;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.policies.ScreeningPolicy;
import io.tenantscreening.policies.ScreeningPolicyService;
import io.tenantscreening.properties.Property;
import io.tenantscreening.properties.PropertyService;
import io.tenantscreening.requesters.OriginalRequester;
import io.tenantscreening.requesters.RequesterService;
import jakarta.inject.Singleton;

/**
 * Who and what an order involves: its property, its applicant, its original requester, who
 * pays, and the screening policy it is measured against. Checks what a request names
 * against stored state (records named by id must be the tenant's and usable; the payer must
 * be allowed; the policy must be usable and get the monthly rent it needs), and makes the
 * records a request brings inline. The checks run when a live order's key is claimed, so
 * that nothing is charged for a request that cannot become an order, and again when the
 * order is created, except for the policy when the claim found it.
 */
@Singleton
public class OrderParties {

    private final PropertyService properties;
    private final ApplicantService applicants;
    private final RequesterService requesters;
    private final OrderRepository orders;
    private final BillingService billing;
    private final ScreeningPolicyService policies;

    public OrderParties(PropertyService properties, ApplicantService applicants, RequesterService requesters,
                        OrderRepository orders, BillingService billing, ScreeningPolicyService policies) {
        this.properties = properties;
        this.applicants = applicants;
        this.requesters = requesters;
        this.orders = orders;
        this.billing = billing;
        this.policies = policies;
    }

    /** The records a checked request names by id (null where it names none). */
    record Checked(Property property, Applicant applicant, OriginalRequester requester) {
    }

    /**
     * The screening policy found to apply to a request when it was checked ({@code policy}
     * null: none applies). A live placement keeps it from its claim to the order, so the
     * order gets the policy its refusals were decided on, even when the default changed or
     * the policy was archived in between.
     */
    record AppliedPolicy(ScreeningPolicy policy) {
    }

    /** The records an order is placed with; the requester and the policy are null when there is none. */
    record Parties(Property property, Applicant applicant, OriginalRequester requester, ScreeningPolicy policy) {
    }

    /** Checks the payer and the records the request names by id, in the caller's transaction. */
    Checked check(Tenant tenant, PlaceOrder command) {
        checkPayer(tenant, command);
        if (command.property() != null) {
            try {
                properties.checkJurisdiction(command.property());
            } catch (ApiException e) {
                throw e.relocated("/property/", "/order/property/");
            }
        }
        Property property = command.propertyId() == null ? null : properties.get(tenant, command.propertyId());
        Applicant applicant = command.applicantId() == null ? null : applicants.require(tenant, command.applicantId());
        if (applicant != null && orders.applicantHasOrder(tenant, applicant.id())) {
            throw alreadyAttached(applicant.id());
        }
        OriginalRequester requester = command.requesterId() == null ? null
                : requesters.requireActive(tenant, command.requesterId());
        return new Checked(property, applicant, requester);
    }

    /**
     * Checks the request and makes the records it brings inline (an existing address is
     * reused), in the caller's transaction; the policy is the one found when the request was
     * checked before, else found now.
     */
    Parties resolve(Tenant tenant, PlaceOrder command, AppliedPolicy foundBefore) {
        Checked checked = check(tenant, command);
        AppliedPolicy applied = foundBefore != null ? foundBefore : policy(tenant, command);
        Property property = checked.property() != null ? checked.property()
                : properties.findOrCreate(tenant, command.property()).property();
        Applicant applicant = checked.applicant() != null ? checked.applicant() : applicants.create(tenant, command.applicant());
        OriginalRequester requester = command.requester() == null ? checked.requester()
                : requesters.upsert(tenant, command.requester(), "/order/original_requester/external_id");
        return new Parties(property, applicant, requester, applied.policy());
    }

    static ApiException alreadyAttached(String applicantId) {
        return ApiException.invalid(ErrorSource.pointer("/order/applicant_id"), "Applicant '" + applicantId
                + "' already belongs to an order; applicants and orders are one to one. Send a new applicant instead.");
    }

    /**
     * POST /orders, rules 10 and 11: the policy the request names (the tenant's, not
     * archived), else the tenant's default now; the monthly rent when the policy compares
     * income with it. In the caller's transaction.
     */
    AppliedPolicy policy(Tenant tenant, PlaceOrder command) {
        return policy(tenant, command, false);
    }

    /**
     * The policy of {@link #policy(Tenant, PlaceOrder)}; when {@code settled}, exactly the
     * one the request names (none when it names none), archived or not: the policy a rental
     * application's members share, settled by its first member's order. The rent was checked
     * against it then.
     */
    AppliedPolicy policy(Tenant tenant, PlaceOrder command, boolean settled) {
        if (settled) {
            return new AppliedPolicy(command.screeningPolicyId() == null ? null
                    : policies.get(tenant, command.screeningPolicyId()));
        }
        ScreeningPolicy policy = command.screeningPolicyId() == null ? policies.findDefault(tenant).orElse(null)
                : policies.get(tenant, command.screeningPolicyId());
        if (policy != null && command.screeningPolicyId() != null && policy.archived()) {
            throw ApiException.invalid(ErrorSource.pointer("/order/screening_policy_id"), "Screening policy '" + policy.id()
                    + "' is archived; orders can no longer use it. Name another policy, or leave screening_policy_id out "
                    + "for the default.");
        }
        if (policy != null && policy.criteria().minIncomeToRentRatio() != null && command.monthlyRent() == null) {
            throw ApiException.invalid(ErrorSource.pointer("/order/monthly_rent"), "Screening policy '" + policy.id()
                    + "' compares the applicant's income with the rent: send the unit's monthly_rent in cents.");
        }
        return new AppliedPolicy(policy);
    }

    private void checkPayer(Tenant tenant, PlaceOrder command) {
        if (command.payer() != Payer.APPLICANT) {
            return;
        }
        if (tenant.mode() == Mode.TEST) {
            throw ApiException.invalid(ErrorSource.pointer("/order/payer"),
                    "payer 'applicant' is available in live mode only; test orders are always paid by the organization.");
        }
        if (billing.invoiced(tenant.organizationId())) {
            throw ApiException.invalid(ErrorSource.pointer("/order/payer"),
                    "payer 'applicant' is not available to organisations billed on invoice; omit payer or send 'organization'.");
        }
    }
}
