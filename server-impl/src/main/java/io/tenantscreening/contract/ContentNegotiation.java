package io.tenantscreening.contract;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.tenantscreening.errors.ApiException;

import java.util.Collection;
import java.util.Optional;

/**
 * Chooses what to answer in by the Accept header (RFC 9110, section 12.5.1): each media type
 * an operation can produce gets the quality of the most specific range that matches it
 * ({@code type/subtype}, then {@code type/*}, then {@code *}{@code /*}); the best one wins, the
 * operation's own order breaking ties. Without an Accept header every type is acceptable.
 */
public final class ContentNegotiation {

    private ContentNegotiation() {
    }

    /** The media type to answer in, or empty when the Accept header allows none of {@code produced}. */
    public static Optional<String> choose(HttpRequest<?> request, Collection<String> produced) {
        Collection<MediaType> accepted = request.accept();
        String best = null;
        double bestQuality = 0;
        for (String type : produced) {
            double quality = quality(accepted, MediaType.of(type));
            if (quality > bestQuality) {
                best = type;
                bestQuality = quality;
            }
        }
        return Optional.ofNullable(best);
    }

    /** 406 for an operation that answers in {@code produced} (as the document lists them; unknown when empty). */
    public static ApiException refusal(Collection<String> produced) {
        return new ApiException(HttpStatus.NOT_ACCEPTABLE, "not_acceptable", produced.isEmpty()
                ? "The Accept header allows no media type this operation answers in."
                : "This operation answers in " + String.join(" or ", produced) + "; the Accept header allows none of them.");
    }

    /** The quality the accepted ranges give a media type: 1 when there are none, 0 when none matches. */
    public static double quality(Collection<MediaType> accepted, MediaType produced) {
        if (accepted.isEmpty()) {
            return 1;
        }
        int bestSpecificity = -1;
        double quality = 0;
        for (MediaType range : accepted) {
            int specificity = specificity(range, produced);
            if (specificity > bestSpecificity) {
                bestSpecificity = specificity;
                quality = range.getQualityAsNumber().doubleValue();
            }
        }
        return quality;
    }

    /** 2 for the exact type, 1 for {@code type/*}, 0 for {@code *}{@code /*}, -1 when the range does not match. */
    private static int specificity(MediaType range, MediaType produced) {
        if (range.getType().equals("*")) {
            return 0;
        }
        if (!range.getType().equalsIgnoreCase(produced.getType())) {
            return -1;
        }
        if (range.getSubtype().equals("*")) {
            return 1;
        }
        return range.getSubtype().equalsIgnoreCase(produced.getSubtype()) ? 2 : -1;
    }
}
