package io.tenantscreening.contract;

import io.tenantscreening.common.Echo;

import java.util.Collection;
import java.util.Optional;

/**
 * The detail of an unknown body member or query parameter, with the accepted name it is
 * probably a typo of: the closest one within {@value #MAX_EDITS} edits (insertions,
 * deletions, substitutions, or swaps of two neighbouring characters), and with fewer edits
 * than the unknown name has characters, so that a short name is not "corrected" into an
 * unrelated one. Ties go to the name listed first. Names are at most 100 characters long
 * ({@code StrictJson}, the request line's limit), so a comparison is cheap, and names whose
 * lengths differ by more than {@value #MAX_EDITS} are not compared at all.
 */
final class UnknownNames {

    static final int MAX_EDITS = 2;

    private UnknownNames() {
    }

    static String member(String name, Collection<String> accepted) {
        return "Unknown member '" + Echo.of(name) + "'" + suggestion(name, accepted)
                .map(close -> ". Did you mean \"" + close + "\"?")
                .orElse("; see the schema for the members this object accepts.");
    }

    static String queryParameter(String name, Collection<String> accepted) {
        return "Unknown query parameter '" + Echo.of(name) + "'" + suggestion(name, accepted)
                .map(close -> ". Did you mean \"" + close + "\"?")
                .orElse("; see the operation for the parameters it accepts.");
    }

    /** The accepted name closest to {@code name}, when one is close enough; of equally close ones, the first. */
    static Optional<String> suggestion(String name, Collection<String> accepted) {
        String best = null;
        int bestEdits = Math.min(MAX_EDITS, name.length() - 1) + 1;
        for (String candidate : accepted) {
            if (Math.abs(candidate.length() - name.length()) < bestEdits) {
                int edits = edits(name, candidate);
                if (edits < bestEdits) {
                    best = candidate;
                    bestEdits = edits;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** The optimal string alignment distance (Damerau-Levenshtein without edits of an edited substring). */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int substitution = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + substitution);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
