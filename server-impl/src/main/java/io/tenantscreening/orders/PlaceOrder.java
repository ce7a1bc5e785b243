package io.tenantscreening.orders;

import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.properties.PropertyAddress;
import io.tenantscreening.requesters.RequesterDetails;

import java.util.List;

/**
 * A checked request to place an order. Exactly one of {@code propertyId} and
 * {@code property}, exactly one of {@code applicantId} and {@code applicant}, and at most
 * one of {@code requesterId} and {@code requester} are set; add-ons are sorted.
 * {@code screeningPolicyId} is the policy the request names (null: the default applies),
 * {@code monthlyRent} the rent in cents (null when not sent).
 */
public record PlaceOrder(String packageSlug, List<String> addOnProducts, Payer payer,
                         String propertyId, PropertyAddress property,
                         String applicantId, NewApplicant applicant,
                         String requesterId, RequesterDetails requester,
                         String screeningPolicyId, Long monthlyRent) {
}
