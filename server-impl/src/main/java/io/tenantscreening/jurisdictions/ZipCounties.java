package io.tenantscreening.jurisdictions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The ZIP–county crosswalk of {@code jurisdictions/zip-counties.csv} (see PROVENANCE.md beside
 * it): the counties each ZIP code spans, and every county's name and state.
 */
public final class ZipCounties {

    static final String FILE = "jurisdictions/zip-counties.csv";

    private static final Pattern FIVE_DIGITS = Pattern.compile("\\d{5}");

    /** A county of the crosswalk: its 5-digit FIPS code, its name, its state's USPS code. */
    public record County(String fips, String name, String state) {
    }

    private final Map<String, List<County>> byZip = new HashMap<>();
    private final Map<String, County> byFips = new LinkedHashMap<>();

    private ZipCounties() {
    }

    public static ZipCounties bundled() {
        return Bundled.DATA;
    }

    private static final class Bundled {
        private static final ZipCounties DATA = load();
    }

    private static ZipCounties load() {
        ZipCounties data = new ZipCounties();
        try (InputStream in = ZipCounties.class.getClassLoader().getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException("No " + FILE + ".");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            reader.readLine();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] cells = line.strip().split(",");
                if (cells.length != 4 || !FIVE_DIGITS.matcher(cells[0]).matches() || !FIVE_DIGITS.matcher(cells[1]).matches()) {
                    throw new IllegalStateException(FILE + ": a row is not zip,fips,county,state: " + line);
                }
                County county = data.byFips.computeIfAbsent(cells[1], fips -> new County(fips, cells[2], cells[3]));
                data.byZip.computeIfAbsent(cells[0], zip -> new ArrayList<>()).add(county);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return data;
    }

    /** The counties the ZIP code spans, in any state; empty when the data does not know it. */
    public List<County> counties(String zip5) {
        return byZip.getOrDefault(zip5, List.of());
    }

    public County county(String fips) {
        return byFips.get(fips);
    }

    /** Every county of a state. */
    public List<County> countiesOf(String state) {
        return byFips.values().stream().filter(c -> c.state().equals(state)).toList();
    }
}
