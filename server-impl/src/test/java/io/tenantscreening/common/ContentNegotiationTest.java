package io.tenantscreening.common;

import io.micronaut.http.MediaType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** RFC 9110, 12.5.1: the most specific matching range gives a media type its quality; Accept ranges like application/* work. */
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

    @Test
    void anAcceptWithATypeRangeIsRewrittenToWhatItMeansForTheTypesWeAnswerIn() {
        AcceptRanges ranges = new AcceptRanges(new ContractOperations());

        assertThat(ranges.rewrite("application/*;q=0.5, application/json;q=0")).contains("application/pdf;q=0.500")
                .doesNotContain("application/json").doesNotContain("text/html");
        assertThat(ranges.rewrite("application/*")).contains("application/json").contains("application/pdf")
                .doesNotContain("text/html").doesNotContain("*");
        assertThat(ranges.rewrite("text/*")).isEqualTo("text/html");
    }

    @Test
    void otherAcceptHeadersAndRangesThatMatchNothingWeAnswerInPassUntouched() {
        AcceptRanges ranges = new AcceptRanges(new ContractOperations());

        for (String header : List.of("application/json", "*/*", "application/pdf;q=0.5, */*;q=0.1", "image/*", "not a media type/")) {
            assertThat(ranges.rewrite(header)).as(header).isEqualTo(header);
        }
    }
}
