package io.tenantscreening.jurisdictions;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.io.InputStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rule data: the places of {@code jurisdictions/rules/index.yaml} and its version, read and
 * checked once (a bad file stops the service with a message naming it), and how the rules of
 * several places combine (docs/operators.md, Jurisdictions): the strictest criminal screening,
 * every record limit, and an adverse action that needs what any place needs, with the longest
 * period to respond.
 */
public final class RuleBook {

    private static final String ROOT = "jurisdictions/rules/";

    private final String version;
    private final Map<String, Place> places;

    RuleBook(String version, List<Place> places) {
        this.version = version;
        this.places = new LinkedHashMap<>();
        for (Place place : places) {
            if (this.places.put(place.id(), place) != null) {
                throw new IllegalStateException("Rule data: place '" + place.id() + "' is defined twice.");
            }
        }
        if (!this.places.containsKey("us")) {
            throw new IllegalStateException("Rule data: no federal place 'us'.");
        }
    }

    /** The rule data shipped with the service. */
    public static RuleBook bundled() {
        return Bundled.BOOK;
    }

    private static final class Bundled {
        private static final RuleBook BOOK = load(RuleBook.class.getClassLoader());
    }

    static RuleBook load(ClassLoader loader) {
        Map<String, Object> index = yaml(loader, "index.yaml");
        String version = text(index, "version", "index.yaml");
        List<Place> places = new ArrayList<>();
        for (Object file : list(index, "files", "index.yaml")) {
            places.add(place(yaml(loader, String.valueOf(file)), String.valueOf(file)));
        }
        return new RuleBook(version, places);
    }

    public String version() {
        return version;
    }

    public Place federal() {
        return places.get("us");
    }

    public Optional<Place> place(String id) {
        return Optional.ofNullable(places.get(id));
    }

    public Optional<Place> state(String stateFips) {
        return places.values().stream().filter(p -> p.level().equals("state") && p.stateFips().equals(stateFips)).findFirst();
    }

    public Optional<Place> county(String countyFips) {
        return places.values().stream().filter(p -> p.level().equals("county") && p.countyFips().contains(countyFips))
                .findFirst();
    }

    public Optional<Place> city(String cityFips) {
        return places.values().stream().filter(p -> p.level().equals("city") && cityFips.equals(p.cityFips())).findFirst();
    }

    /** The codes of the covered cities. */
    public List<String> cityCodes() {
        return places.values().stream().filter(p -> p.level().equals("city")).map(Place::cityFips).toList();
    }

    /** The covered cities that lie (partly or wholly) in this county. */
    public List<Place> citiesIn(String countyFips) {
        return places.values().stream().filter(p -> p.level().equals("city") && p.countyFips().contains(countyFips)).toList();
    }

    /** Whether the state holds a covered county or city. */
    public boolean coversPartOf(String stateFips) {
        return places.values().stream().anyMatch(p -> (p.level().equals("county") || p.level().equals("city"))
                && p.stateFips().equals(stateFips));
    }

    /** The rules of the federal default alone. */
    public ScreeningRules federalDefault() {
        return combine(List.of(federal()));
    }

    /** The rules of these places together. */
    public ScreeningRules combine(Collection<Place> applicable) {
        List<Place> sorted = new ArrayList<>(new LinkedHashSet<>(applicable));
        sorted.sort(Comparator.comparingInt(p -> Place.LEVELS.indexOf(p.level())));
        CriminalScreening screening = CriminalScreening.STANDARD;
        for (Place place : sorted) {
            screening = screening.strictest(place.criminalScreening());
        }
        List<Citation> basis = new ArrayList<>();
        List<RecordLimit> limits = new ArrayList<>();
        boolean assessment = false;
        LinkedHashSet<String> factors = new LinkedHashSet<>();
        int days = 0;
        List<Citation> adverseCitations = new ArrayList<>();
        for (Place place : sorted) {
            if (screening != CriminalScreening.STANDARD && place.criminalScreening() == screening) {
                basis.add(place.criminalScreeningBasis());
            }
            limits.addAll(place.recordLimits());
            AdverseActionRules adverse = place.adverseAction();
            assessment |= adverse.individualizedAssessmentRequired();
            factors.addAll(adverse.assessmentFactors());
            days = Math.max(days, adverse.responseBusinessDays());
            adverseCitations.addAll(adverse.citations());
        }
        return new ScreeningRules(version, sorted.stream().map(Place::id).toList(), screening, basis, limits,
                new AdverseActionRules(assessment, List.copyOf(factors), days, adverseCitations));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> yaml(ClassLoader loader, String file) {
        try (InputStream in = loader.getResourceAsStream(ROOT + file)) {
            if (in == null) {
                throw new IllegalStateException("Rule data: no file " + ROOT + file + ".");
            }
            Object parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
            if (!(parsed instanceof Map)) {
                throw new IllegalStateException("Rule data " + ROOT + file + ": not a mapping.");
            }
            return (Map<String, Object>) parsed;
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalStateException) {
                throw (IllegalStateException) e;
            }
            throw new IllegalStateException("Rule data " + ROOT + file + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    static Place place(Map<String, Object> data, String file) {
        try {
            String id = text(data, "id", file);
            if (!file.equals(id + ".yaml")) {
                throw new IllegalArgumentException("id '" + id + "' does not match the file name");
            }
            String level = text(data, "level", file);
            if (!Place.LEVELS.contains(level)) {
                throw new IllegalArgumentException("level must be one of " + Place.LEVELS);
            }
            Map<String, Object> codes = (Map<String, Object>) data.getOrDefault("codes", Map.of());
            String stateFips = level.equals("federal") ? null : matching(codes, "state_fips", "\\d{2}", file);
            List<String> counties = level.equals("county") || level.equals("city")
                    ? list(codes, "county_fips", file).stream().map(String::valueOf).toList() : List.of();
            for (String county : counties) {
                if (!county.matches("\\d{5}") || !county.startsWith(stateFips)) {
                    throw new IllegalArgumentException("county_fips '" + county + "' is not a county of state " + stateFips);
                }
            }
            String cityFips = level.equals("city") ? matching(codes, "city_fips", "\\d{7}", file) : null;
            if (cityFips != null && !cityFips.startsWith(stateFips)) {
                throw new IllegalArgumentException("city_fips '" + cityFips + "' is not in state " + stateFips);
            }
            boolean whole = Boolean.TRUE.equals(codes.get("counties_wholly_inside"));
            text(data, "source", file);
            Map<String, Object> criminal = (Map<String, Object>) required(data, "criminal_screening", file);
            CriminalScreening screening = CriminalScreening.of(text(criminal, "value", file));
            Citation basis = screening == CriminalScreening.STANDARD ? null : new Citation(id, text(criminal, "section", file));
            List<RecordLimit> limits = new ArrayList<>();
            for (Object entry : list(data, "record_limits", file)) {
                Map<String, Object> limit = (Map<String, Object>) entry;
                boolean excluded = Boolean.TRUE.equals(limit.get("excluded"));
                Integer years = (Integer) limit.get("lookback_years");
                Object from = limit.get("measured_from");
                limits.add(new RecordLimit(RecordKind.of(text(limit, "kind", file)), excluded, years,
                        from == null ? null : MeasuredFrom.of(String.valueOf(from)), new Citation(id, text(limit, "section", file))));
            }
            Map<String, Object> adverse = (Map<String, Object>) data.get("adverse_action");
            AdverseActionRules adverseAction = adverse == null ? AdverseActionRules.NONE : new AdverseActionRules(
                    Boolean.TRUE.equals(adverse.get("individualized_assessment_required")),
                    list(adverse, "assessment_factors", file).stream().map(String::valueOf).toList(),
                    (Integer) required(adverse, "response_business_days", file),
                    List.of(new Citation(id, text(adverse, "section", file))));
            return new Place(id, text(data, "name", file), level, stateFips, counties, cityFips, whole, text(data, "law", file),
                    text(data, "citation", file), effectiveOn(data, file),
                    text(data, "not_legal_advice", file), screening, basis, limits, adverseAction,
                    list(data, "unconfirmed", file).stream().map(String::valueOf).toList());
        } catch (RuntimeException e) {
            throw new IllegalStateException("Rule data " + ROOT + file + ": " + e.getMessage(), e);
        }
    }

    /** The day the law took effect, or null where the data could not confirm it (then an unconfirmed note must say so). */
    private static LocalDate effectiveOn(Map<String, Object> data, String file) {
        if (!data.containsKey("effective_on")) {
            throw new IllegalArgumentException("'effective_on' is missing (write null where the date is not confirmed)");
        }
        Object value = data.get("effective_on");
        if (value == null) {
            if (list(data, "unconfirmed", file).isEmpty()) {
                throw new IllegalArgumentException("'effective_on' is null but no unconfirmed note says why");
            }
            return null;
        }
        return LocalDate.parse(text(data, "effective_on", file));
    }

    private static Object required(Map<String, Object> data, String key, String file) {
        Object value = data.get(key);
        if (value == null) {
            throw new IllegalArgumentException("'" + key + "' is missing");
        }
        return value;
    }

    private static String text(Map<String, Object> data, String key, String file) {
        Object value = required(data, key, file);
        if (!(value instanceof String text) || text.isBlank()) {
            throw new IllegalArgumentException("'" + key + "' must be a quoted, non-blank text");
        }
        return text;
    }

    private static String matching(Map<String, Object> data, String key, String pattern, String file) {
        String value = text(data, key, file);
        if (!value.matches(pattern)) {
            throw new IllegalArgumentException("'" + key + "' must match " + pattern);
        }
        return value;
    }

    private static List<?> list(Map<String, Object> data, String key, String file) {
        Object value = required(data, key, file);
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException("'" + key + "' must be a list");
        }
        return list;
    }
}
