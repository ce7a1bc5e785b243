package io.tenantscreening.apply;

import io.tenantscreening.households.MemberRole;
import io.tenantscreening.orders.OrderPayment;
import io.tenantscreening.orders.OrderRef;

import java.util.List;

/**
 * An order waiting for its applicant, as the apply page and the invitation messages show
 * it: whom it screens, for which property, who asks, which checks, and what the page must
 * still ask (date of birth, SSN), and what the applicant pays ({@code payment}, null when
 * the organisation pays). {@code requesterName} is the original requester's name
 * when the order has one, otherwise the organisation's. {@code householdRole} is the
 * applicant's role in the rental application the order screens a member of, null for an
 * order of no application; nothing of the other members is here.
 */
record Invitation(OrderRef order, String applicationUrl, String applicantFirstName, String applicantEmail,
                  String applicantPhoneNumber, String propertyName, String propertyAddress, String requesterName,
                  List<String> checks, boolean asksDob, boolean asksSsn, String packageSlug, List<String> addOns,
                  OrderPayment payment, MemberRole householdRole) {

    /**
     * For a member of a rental application, the sentence that tells them their role and the
     * property, such as "You are applying as a co-applicant for the rental of 12 Oak Street,
     * Austin, TX 78701, together with anyone else on the same rental application."; null for
     * an order of no application.
     */
    public String household() {
        return householdRole == null ? null : "You are applying as " + roleWords() + " for the rental of " + propertyAddress
                + ", together with anyone else on the same rental application.";
    }

    /** The member's role in words ("a co-applicant"); null for an order of no application. */
    public String roleWords() {
        if (householdRole == null) {
            return null;
        }
        return switch (householdRole) {
            case APPLICANT -> "the main applicant";
            case CO_APPLICANT -> "a co-applicant";
            case GUARANTOR -> "a guarantor";
        };
    }
}
