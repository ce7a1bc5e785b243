package io.tenantscreening.web;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Chooses the content coding of an answer from the request's Accept-Encoding, as RFC 9110
 * (section 12.5.3) says, among the codings the service offers: gzip and deflate. A coding
 * gets the weight its own entry gives it, else that of {@code *}, else none; a weight of 0
 * refuses. The highest weight wins, gzip before deflate on equal weights. No coding
 * ({@code identity}) is chosen when the header gives {@code identity} (by name or by
 * {@code *}) more weight than every offered coding, when it accepts none of them, and
 * when there is no header (any coding would be allowed, so the one every client reads).
 */
final class AcceptEncoding {

    static final String GZIP = "gzip";
    static final String DEFLATE = "deflate";
    static final String IDENTITY = "identity";

    /** Offered codings, the preferred first. */
    private static final List<String> OFFERED = List.of(GZIP, DEFLATE);
    /** RFC 9110, section 12.4.2. */
    private static final Pattern QVALUE = Pattern.compile("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?");

    private AcceptEncoding() {
    }

    /** gzip, deflate or identity for this Accept-Encoding field value ({@code null} when the request has none). */
    static String choose(String header) {
        if (header == null) {
            return IDENTITY;
        }
        Map<String, Double> weights = weights(header);
        Double any = weights.get("*");
        String best = IDENTITY;
        double bestWeight = 0;
        for (String coding : OFFERED) {
            double weight = weights.getOrDefault(coding, any == null ? 0 : any);
            if (weight > bestWeight) {
                best = coding;
                bestWeight = weight;
            }
        }
        Double identity = weights.getOrDefault(IDENTITY, any);
        return identity != null && identity > bestWeight ? IDENTITY : best;
    }

    /**
     * Each coding named, lower-cased ({@code x-gzip} read as gzip, RFC 9110 section 8.4.1.3), with
     * its weight: 1 without one, 0 when it is not a valid qvalue, the lowest when named twice.
     */
    private static Map<String, Double> weights(String header) {
        Map<String, Double> weights = new HashMap<>();
        for (String element : header.split(",")) {
            String[] parts = element.split(";");
            String coding = parts[0].trim().toLowerCase(Locale.ROOT);
            if (coding.isEmpty()) {
                continue;
            }
            double weight = 1;
            for (int i = 1; i < parts.length; i++) {
                int equals = parts[i].indexOf('=');
                if (equals > 0 && parts[i].substring(0, equals).trim().equalsIgnoreCase("q")) {
                    String qvalue = parts[i].substring(equals + 1).trim();
                    weight = QVALUE.matcher(qvalue).matches() ? Double.parseDouble(qvalue) : 0;
                }
            }
            weights.merge(coding.equals("x-gzip") ? GZIP : coding, weight, Math::min);
        }
        return weights;
    }
}
