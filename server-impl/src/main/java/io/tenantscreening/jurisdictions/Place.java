package io.tenantscreening.jurisdictions;

import java.time.LocalDate;
import java.util.List;

/**
 * One place of the rule data (a file of {@code jurisdictions/rules/}): its codes, its law and
 * the rules it sets. {@code countyFips} are the counties a county is or a city lies in;
 * {@code countiesWhollyInside} says a city covers those counties whole (New York City).
 */
public record Place(String id, String name, String level, String stateFips, List<String> countyFips, String cityFips,
                    boolean countiesWhollyInside, String law, String citation, LocalDate effectiveOn, String notLegalAdvice,
                    CriminalScreening criminalScreening, Citation criminalScreeningBasis, List<RecordLimit> recordLimits,
                    AdverseActionRules adverseAction, List<String> unconfirmed) {

    /** The levels from the broadest. */
    static final List<String> LEVELS = List.of("federal", "state", "county", "city");
}
