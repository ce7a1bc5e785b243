package io.tenantscreening.web;

import io.tenantscreening.contract.ContractOperations;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** RFC 9110, 12.5.1: Accept ranges like application/* work for the media types the service answers in. */
class AcceptRangesTest {

    @Test
    void anAcceptWithATypeRangeIsRewrittenToWhatItMeansForTheTypesWeAnswerIn() {
        AcceptRanges ranges = new AcceptRanges(ContractOperations::new);

        assertThat(ranges.rewrite("application/*;q=0.5, application/json;q=0")).contains("application/pdf;q=0.500")
                .doesNotContain("application/json").doesNotContain("text/html");
        assertThat(ranges.rewrite("application/*")).contains("application/json").contains("application/pdf")
                .doesNotContain("text/html").doesNotContain("*");
        assertThat(ranges.rewrite("text/*")).isEqualTo("text/html");
    }

    @Test
    void otherAcceptHeadersAndRangesThatMatchNothingWeAnswerInPassUntouched() {
        AcceptRanges ranges = new AcceptRanges(ContractOperations::new);

        for (String header : List.of("application/json", "*/*", "application/pdf;q=0.5, */*;q=0.1", "image/*", "not a media type/")) {
            assertThat(ranges.rewrite(header)).as(header).isEqualTo(header);
        }
    }
}
