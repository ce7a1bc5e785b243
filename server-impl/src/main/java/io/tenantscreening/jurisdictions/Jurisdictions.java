package io.tenantscreening.jurisdictions;

import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.micronaut.http.HttpStatus;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Resolves a property's address (state, ZIP code, and the jurisdiction its creator stated) to
 * its jurisdiction, as docs/operators.md ("Jurisdictions") and POST /properties, rules 5 to 9
 * say. A pure function of the shipped data, loaded when the service starts (a bad file stops it).
 */
public final class Jurisdictions {

    /** The word that states a property lies in no covered city. */
    public static final String NO_CITY = "none";
    public static final String AMBIGUOUS = "jurisdiction_ambiguous";
    public static final String MISMATCH = "jurisdiction_mismatch";
    public static final String ZIP_OUTSIDE_STATE = "zipcode_outside_state";

    private final ZipCounties zips;
    private final RuleBook rules;

    /** The jurisdictions of the data shipped with the service. */
    public static Jurisdictions bundled() {
        return Bundled.JURISDICTIONS;
    }

    private static final class Bundled {
        private static final Jurisdictions JURISDICTIONS = new Jurisdictions(ZipCounties.bundled(), RuleBook.bundled());
    }

    Jurisdictions(ZipCounties zips, RuleBook rules) {
        this.zips = zips;
        this.rules = rules;
    }

    public RuleBook rules() {
        return rules;
    }

    /** The jurisdiction of a new property; a 422 when the address and the stated members do not settle it. */
    public Jurisdiction require(String state, String zipcode, String countyFips, String cityFips) {
        Attempt attempt = attempt(state, zipcode, countyFips, cityFips);
        if (attempt.problem != null) {
            throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, List.of(attempt.problem));
        }
        return attempt.jurisdiction;
    }

    /** The jurisdiction of a stored property: when the data no longer settles it, the strictest rules of its candidates. */
    public Jurisdiction read(String state, String zipcode, String countyFips, String cityFips) {
        return attempt(state, zipcode, countyFips, cityFips).jurisdiction;
    }

    private record Attempt(Jurisdiction jurisdiction, ErrorEntry problem) {
    }

    private Attempt attempt(String stateCode, String zipcode, String countyFips, String cityFips) {
        States.State state = States.of(stateCode);
        String zip5 = zipcode.strip().substring(0, 5);
        boolean stated = countyFips != null || cityFips != null;
        List<ZipCounties.County> rows = zips.counties(zip5);
        List<ZipCounties.County> candidates = rows.stream().filter(c -> c.state().equals(stateCode)).toList();
        if (!rows.isEmpty() && candidates.isEmpty()) {
            return ambiguous(state, zips.countiesOf(stateCode), error(ZIP_OUTSIDE_STATE, "/property/zipcode",
                    "ZIP code " + zip5 + " lies in " + rows.stream().map(ZipCounties.County::state).distinct()
                            .collect(Collectors.joining(", ")) + ", not in " + stateCode + ": check the state and the ZIP code."));
        }
        if (rows.isEmpty()) {
            candidates = zips.countiesOf(stateCode);
            if (countyFips == null && rules.coversPartOf(state.fips())) {
                return ambiguous(state, candidates, error(AMBIGUOUS, "/property/jurisdiction", "ZIP code " + zip5
                        + " is not in the service's ZIP data, and places in " + stateCode + " have rules of their own: "
                        + "state jurisdiction.county_fips (and city_fips, a covered city's code or 'none')."));
            }
        }
        if (countyFips != null) {
            List<ZipCounties.County> named = candidates.stream().filter(c -> c.fips().equals(countyFips)).toList();
            if (named.isEmpty()) {
                return ambiguous(state, candidates, error(MISMATCH, "/property/jurisdiction/county_fips", "County "
                        + countyFips + " is not a county of ZIP code " + zip5 + " in " + stateCode + "; its counties are "
                        + names(candidates) + "."));
            }
            candidates = named;
        }
        Place city = null;
        if (cityFips != null && !cityFips.equals(NO_CITY)) {
            Optional<Place> known = rules.city(cityFips);
            List<ZipCounties.County> current = candidates;
            List<ZipCounties.County> inCity = known.map(p -> current.stream().filter(c -> p.countyFips().contains(c.fips())).toList()).orElse(List.of());
            if (inCity.isEmpty()) {
                return ambiguous(state, candidates, error(MISMATCH, "/property/jurisdiction/city_fips", known.isEmpty()
                        ? "'" + cityFips + "' is not a covered city's code; send one of " + coveredCities() + ", or 'none'."
                        : known.get().name() + " (" + cityFips + ") does not lie in " + names(candidates) + " of ZIP code "
                        + zip5 + " in " + stateCode + "."));
            }
            candidates = inCity;
            city = known.get();
        }
        List<Set<Place>> perCounty = new ArrayList<>();
        for (ZipCounties.County county : candidates) {
            Set<Place> places = placesOf(state, county, city, NO_CITY.equals(cityFips));
            if (places == null) {
                return ambiguous(state, candidates, error(AMBIGUOUS, "/property/jurisdiction", "Part of " + county.name()
                        + " county (" + county.fips() + ") lies in " + rules.citiesIn(county.fips()).stream()
                        .map(p -> p.name() + " (" + p.cityFips() + ")").collect(Collectors.joining(", "))
                        + ", whose rules differ: state jurisdiction.city_fips, that code or 'none'."));
            }
            perCounty.add(places);
        }
        if (perCounty.stream().distinct().count() > 1) {
            return ambiguous(state, candidates, error(AMBIGUOUS, "/property/jurisdiction", "ZIP code " + zip5
                    + " spans counties whose rules differ: " + names(candidates)
                    + ". State jurisdiction.county_fips, one of those codes."));
        }
        ZipCounties.County county = candidates.size() == 1 ? candidates.get(0) : null;
        Set<Place> places = perCounty.isEmpty() ? base(state) : perCounty.get(0);
        Place resolvedCity = places.stream().filter(p -> p.level().equals("city")).findFirst().orElse(null);
        return new Attempt(jurisdiction(state, county, resolvedCity, stated ? "stated" : "address", places), null);
    }

    private Set<Place> placesOf(States.State state, ZipCounties.County county, Place statedCity, boolean noCity) {
        Set<Place> places = base(state);
        rules.county(county.fips()).ifPresent(places::add);
        if (statedCity != null) {
            places.add(statedCity);
        } else if (!noCity) {
            for (Place city : rules.citiesIn(county.fips())) {
                if (!city.countiesWhollyInside()) {
                    return null;
                }
                places.add(city);
            }
        }
        return places;
    }

    private Set<Place> base(States.State state) {
        Set<Place> places = new LinkedHashSet<>();
        places.add(rules.federal());
        rules.state(state.fips()).ifPresent(places::add);
        return places;
    }

    private Attempt ambiguous(States.State state, List<ZipCounties.County> candidates, ErrorEntry problem) {
        Set<Place> places = base(state);
        for (ZipCounties.County county : candidates) {
            rules.county(county.fips()).ifPresent(places::add);
            places.addAll(rules.citiesIn(county.fips()));
        }
        return new Attempt(jurisdiction(state, null, null, "ambiguous", places), problem);
    }

    private Jurisdiction jurisdiction(States.State state, ZipCounties.County county, Place city, String resolution,
                                      Set<Place> places) {
        ScreeningRules combined = rules.combine(places);
        List<Place> ordered = combined.places().stream().map(id -> rules.place(id).orElseThrow()).toList();
        return new Jurisdiction(state.code(), state.fips(), state.name(), county, city, resolution, ordered, combined);
    }

    private String coveredCities() {
        return String.join(", ", rules.cityCodes());
    }

    private static String names(List<ZipCounties.County> counties) {
        return counties.stream().map(c -> c.name() + " (" + c.fips() + ")").collect(Collectors.joining(", "));
    }

    private static ErrorEntry error(String code, String pointer, String detail) {
        return new ErrorEntry(code, detail, ErrorSource.pointer(pointer));
    }
}
