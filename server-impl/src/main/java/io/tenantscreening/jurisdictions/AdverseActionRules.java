package io.tenantscreening.jurisdictions;

import java.util.List;

/**
 * What a place asks of a landlord before a denial based on criminal history: whether an
 * individualized assessment is required (and the factors its law lists), and how many business
 * days the applicant has to answer the pre-adverse notice (0 when the place sets no period of
 * its own). Combined over the places that apply: required when any place requires it, the
 * longest period, every factor and every citation.
 */
public record AdverseActionRules(boolean individualizedAssessmentRequired, List<String> assessmentFactors,
                                 int responseBusinessDays, List<Citation> citations) {

    public static final AdverseActionRules NONE = new AdverseActionRules(false, List.of(), 0, List.of());

    public AdverseActionRules {
        assessmentFactors = List.copyOf(assessmentFactors);
        citations = List.copyOf(citations);
    }
}
