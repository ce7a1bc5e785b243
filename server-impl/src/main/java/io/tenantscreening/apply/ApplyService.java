package io.tenantscreening.apply;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.households.MemberRole;
import io.tenantscreening.households.RentalApplicationService;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderPayment;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.payments.ApplicantPayments;
import io.tenantscreening.payments.PaymentReceipts;
import io.tenantscreening.properties.Property;
import io.tenantscreening.screening.CheckType;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * The applicant's side of an order: finding the order of an application link, what its
 * page and invitations show, and the submission, which stores the consent and the missing
 * details and moves the order to pending in one transaction under the order's lock (so two
 * submissions at once give one transition and one consent record), and, for an order its
 * applicant pays, the way to the payment, which the submission requires.
 */
@Singleton
public class ApplyService {

    private static final Set<Include> EVERYTHING = Set.of(Include.PROPERTY, Include.APPLICANT, Include.ORIGINAL_REQUESTER);

    private final OrderService orders;
    private final OrderLifecycle lifecycle;
    private final ApplicantService applicants;
    private final OrganizationService organizations;
    private final ConsentRepository consents;
    private final Disclosure disclosure;
    private final ApplicantPayments payments;
    private final RentalApplicationService households;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public ApplyService(OrderService orders, OrderLifecycle lifecycle, ApplicantService applicants,
                        OrganizationService organizations, ConsentRepository consents, Disclosure disclosure,
                        ApplicantPayments payments, RentalApplicationService households,
                        TransactionOperations<Connection> transactions, Clock clock) {
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.applicants = applicants;
        this.organizations = organizations;
        this.consents = consents;
        this.disclosure = disclosure;
        this.payments = payments;
        this.households = households;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** How a submission ended. */
    enum Submission {
        /** The order is pending now. */
        SUBMITTED,
        /** The applicant has not paid yet: nothing is stored, the order keeps waiting. */
        PAYMENT_REQUIRED,
        /** An earlier submission from the apply page moved it already (a double click, a second tab). */
        ALREADY_SUBMITTED,
        /** The order left waiting_for_applicant otherwise (canceled, expired, submitted by a test helper). */
        GONE
    }

    /** The order this application link belongs to, whatever its status; empty for a link no order has. */
    Optional<OrderRef> find(String token) {
        return orders.findByApplicationToken(token);
    }

    /**
     * What the page and the messages show of the order; empty when it no longer waits for its
     * applicant. For a member of a rental application, its own role, and nothing of the other
     * members.
     */
    Optional<Invitation> invitation(OrderRef ref) {
        OrderView view = orders.get(ref.tenant(), ref.orderId(), EVERYTHING);
        Order order = view.order();
        if (order.status() != OrderStatus.WAITING_FOR_APPLICANT) {
            return Optional.empty();
        }
        Applicant applicant = view.applicant();
        Property property = view.property();
        String requester = view.requester() != null && view.requester().name() != null ? view.requester().name()
                : organizations.require(ref.organizationId()).name();
        MemberRole role = order.rentalApplicationId() == null ? null
                : households.roleOf(ref.tenant(), ref.orderId()).orElse(null);
        return Optional.of(new Invitation(ref, view.applicationUrl(), applicant.firstName(), applicant.email(),
                applicant.phoneNumber(), property.name(), property.oneLineAddress(), requester,
                CheckType.forOrder(order.packageSlug(), order.addOnProducts()).stream().map(ApplyService::label).toList(),
                applicant.dob() == null, applicant.ssnLastFour() == null, order.packageSlug(), order.addOnProducts(),
                order.payment(), role));
    }

    /** Whether the order was submitted from its apply page (it has a consent record). */
    boolean submittedByApplicant(OrderRef ref) {
        return transactions.executeRead(status -> consents.exists(ref.tenant(), ref.orderId()));
    }

    /** Where the applicant's payment stands, for the page; empty when the organisation pays. */
    Optional<ApplicantPayments.State> payment(Invitation invitation) {
        return payments.state(invitation.order().tenant(), invitation.order().orderId(), invitation.payment());
    }

    /** Sends the applicant to the gateway's hosted checkout, to come back to the page. */
    ApplicantPayments.Start startPayment(Invitation invitation) {
        return payments.start(invitation.order(), String.join(", ", PaymentReceipts.items(invitation.packageSlug(),
                        invitation.addOns())), invitation.applicantEmail(),
                invitation.applicationUrl() + "?payment=returned", invitation.applicationUrl() + "?payment=canceled");
    }

    /**
     * Stores the consent and the details the page asked for, and moves the order to pending;
     * for an applicant-paid order only once its payment succeeded (checked under the lock, in
     * the same transaction).
     */
    Submission submit(OrderRef ref, ApplyForm form, boolean withDob, boolean withSsn, String ipAddress, String userAgent) {
        Tenant tenant = ref.tenant();
        return transactions.executeWrite(status -> {
            Order order = lifecycle.lockWaiting(tenant, ref.orderId());
            if (order == null) {
                return consents.exists(tenant, ref.orderId()) ? Submission.ALREADY_SUBMITTED : Submission.GONE;
            }
            if (order.payment() != null && order.payment().status() != OrderPayment.Status.SUCCEEDED) {
                return Submission.PAYMENT_REQUIRED;
            }
            consents.insert(tenant, new ConsentRepository.Consent(order.id(), disclosure.version(), Timestamps.now(clock),
                    ipAddress, userAgent));
            if (withDob || withSsn) {
                applicants.addDetails(tenant, order.applicantId(), withDob ? form.dateOfBirth() : null,
                        withSsn ? form.socialSecurityNumber() : null);
            }
            lifecycle.submit(tenant, order, OrderLifecycle.Actor.APPLICANT);
            return Submission.SUBMITTED;
        });
    }

    private static String label(CheckType check) {
        return switch (check) {
            case CREDIT -> "Credit report";
            case EVICTION -> "Eviction history";
            case CRIMINAL -> "Criminal background";
            case IDENTITY_VERIFICATION -> "Identity verification";
            case INCOME_VERIFICATION -> "Income verification";
        };
    }
}
