package io.tenantscreening.jurisdictions;

import java.util.List;

/**
 * The rules that apply to screening for one property, combined over every place whose law
 * reaches it (the federal default, its state, county and city), as of one version of the rule
 * data. An order keeps the rules it was placed under ({@code orders.screening_rules}), so a
 * later change of the rule data never changes how an order already placed is screened.
 *
 * @param version            the version of the rule data these rules come from
 * @param places             the ids of the places whose rules apply, broadest first
 * @param criminalScreening  the strictest of the places' criminal screening
 * @param criminalScreeningBasis the sections that set {@code criminalScreening}; empty for {@code STANDARD}
 * @param recordLimits       every place's limits on criminal records
 * @param adverseAction      what a denial based on criminal history needs
 */
public record ScreeningRules(String version, List<String> places, CriminalScreening criminalScreening,
                             List<Citation> criminalScreeningBasis, List<RecordLimit> recordLimits,
                             AdverseActionRules adverseAction) {

    public ScreeningRules {
        places = List.copyOf(places);
        criminalScreeningBasis = List.copyOf(criminalScreeningBasis);
        recordLimits = List.copyOf(recordLimits);
    }

    /** True when the criminal check waits for the landlord's conditional offer. */
    public boolean holdsCriminalCheck() {
        return criminalScreening == CriminalScreening.TWO_STEP;
    }

    /** True when the criminal check may not be run at all. */
    public boolean barsCriminalCheck() {
        return criminalScreening == CriminalScreening.NOT_ALLOWED;
    }
}
