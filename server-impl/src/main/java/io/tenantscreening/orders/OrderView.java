package io.tenantscreening.orders;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.properties.Property;
import io.tenantscreening.requesters.OriginalRequester;

import java.util.Set;

/**
 * An order as answered: its application URL (null unless waiting for the applicant) and
 * the related records named in {@code includes} (a requester may be null when included).
 */
public record OrderView(Order order, String applicationUrl, Set<Include> includes, Property property, Applicant applicant,
                        OriginalRequester requester) {
}
