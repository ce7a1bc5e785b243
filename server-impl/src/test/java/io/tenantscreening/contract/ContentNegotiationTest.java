package io.tenantscreening.contract;

import io.micronaut.http.MediaType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** RFC 9110, 12.5.1: the most specific matching range gives a media type its quality. */
class ContentNegotiationTest {

    private static final MediaType JSON = MediaType.APPLICATION_JSON_TYPE;
    private static final MediaType PDF = MediaType.APPLICATION_PDF_TYPE;

    @Test
    void theMostSpecificRangeDecides() {
        List<MediaType> accepted = MediaType.orderedOf(List.of("application/*;q=0.4, application/json;q=0, */*;q=0.1"));

        assertThat(ContentNegotiation.quality(accepted, JSON)).isZero();
        assertThat(ContentNegotiation.quality(accepted, PDF)).isEqualTo(0.4);
        assertThat(ContentNegotiation.quality(accepted, MediaType.TEXT_HTML_TYPE)).isEqualTo(0.1);
    }

    @Test
    void withoutRangesEverythingIsAcceptableAndWithOthersNothingMatches() {
        assertThat(ContentNegotiation.quality(List.of(), PDF)).isEqualTo(1);
        assertThat(ContentNegotiation.quality(MediaType.orderedOf(List.of("text/*")), JSON)).isZero();
    }
}
