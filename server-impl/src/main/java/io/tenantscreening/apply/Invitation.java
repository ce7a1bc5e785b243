package io.tenantscreening.apply;

import io.tenantscreening.orders.OrderPayment;
import io.tenantscreening.orders.OrderRef;

import java.util.List;

/**
 * An order waiting for its applicant, as the apply page and the invitation messages show
 * it: whom it screens, for which property, who asks, which checks, and what the page must
 * still ask (date of birth, SSN), and what the applicant pays ({@code payment}, null when
 * the organisation pays). {@code requesterName} is the original requester's name
 * when the order has one, otherwise the organisation's.
 */
record Invitation(OrderRef order, String applicationUrl, String applicantFirstName, String applicantEmail,
                  String applicantPhoneNumber, String propertyName, String propertyAddress, String requesterName,
                  List<String> checks, boolean asksDob, boolean asksSsn, String packageSlug, List<String> addOns,
                  OrderPayment payment) {
}
