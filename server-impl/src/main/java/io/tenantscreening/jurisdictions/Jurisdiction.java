package io.tenantscreening.jurisdictions;

import java.util.List;

/**
 * Where a property lies for the law, and the rules there: its state; its county (null when the
 * address leaves several counties whose rules are the same); the covered city it lies in (null
 * when none); how it was found ({@code address}, {@code stated}, or {@code ambiguous} for a
 * property stored before the rule data that the data cannot place: it gets the strictest rules
 * of its candidates); the places whose rules apply, broadest first, and those rules combined.
 */
public record Jurisdiction(String stateCode, String stateFips, String stateName, ZipCounties.County county, Place city,
                           String resolution, List<Place> places, ScreeningRules rules) {
}
