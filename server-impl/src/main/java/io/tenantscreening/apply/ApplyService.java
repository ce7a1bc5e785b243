package io.tenantscreening.apply;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.organizations.OrganizationService;
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
 * submissions at once give one transition and one consent record).
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
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public ApplyService(OrderService orders, OrderLifecycle lifecycle, ApplicantService applicants,
                        OrganizationService organizations, ConsentRepository consents, Disclosure disclosure,
                        TransactionOperations<Connection> transactions, Clock clock) {
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.applicants = applicants;
        this.organizations = organizations;
        this.consents = consents;
        this.disclosure = disclosure;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** How a submission ended. */
    enum Submission {
        /** The order is pending now. */
        SUBMITTED,
        /** An earlier submission from the apply page moved it already (a double click, a second tab). */
        ALREADY_SUBMITTED,
        /** The order left waiting_for_applicant otherwise (canceled, expired, submitted by a test helper). */
        GONE
    }

    /** The order this application link belongs to, whatever its status; empty for a link no order has. */
    Optional<OrderRef> find(String token) {
        return orders.findByApplicationToken(token);
    }

    /** What the page and the messages show of the order; empty when it no longer waits for its applicant. */
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
        return Optional.of(new Invitation(ref, view.applicationUrl(), applicant.firstName(), applicant.email(),
                applicant.phoneNumber(), property.name(), address(property), requester,
                CheckType.forOrder(order.packageSlug(), order.addOnProducts()).stream().map(ApplyService::label).toList(),
                applicant.dob() == null, applicant.ssnLastFour() == null));
    }

    /** Whether the order was submitted from its apply page (it has a consent record). */
    boolean submittedByApplicant(OrderRef ref) {
        return transactions.executeRead(status -> consents.exists(ref.tenant(), ref.orderId()));
    }

    /** Stores the consent and the details the page asked for, and moves the order to pending. */
    Submission submit(OrderRef ref, ApplyForm form, boolean withDob, boolean withSsn, String ipAddress, String userAgent) {
        Tenant tenant = ref.tenant();
        return transactions.executeWrite(status -> {
            Order order = lifecycle.lockWaiting(tenant, ref.orderId());
            if (order == null) {
                return consents.exists(tenant, ref.orderId()) ? Submission.ALREADY_SUBMITTED : Submission.GONE;
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

    private static String address(Property property) {
        return property.street() + (property.unit() == null ? "" : ", " + property.unit()) + ", " + property.city() + ", "
                + property.state() + " " + property.zipcode();
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
