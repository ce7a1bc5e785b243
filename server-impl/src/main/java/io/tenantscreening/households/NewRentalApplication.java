package io.tenantscreening.households;

import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.properties.PropertyAddress;

import java.util.List;

/**
 * A checked request to create a rental application: exactly one of {@code propertyId} and
 * {@code property}; add-ons sorted; {@code screeningPolicyId} null for the default,
 * {@code monthlyRent} in cents or null; 1 to 10 members, at least one an applicant, no
 * person twice.
 */
public record NewRentalApplication(String packageSlug, List<String> addOnProducts, Payer payer, String propertyId,
                                   PropertyAddress property, String screeningPolicyId, Long monthlyRent,
                                   List<NewMember> members) {

    /** One member: exactly one of {@code applicantId} and {@code applicant}. */
    public record NewMember(MemberRole role, String applicantId, NewApplicant applicant) {
    }
}
