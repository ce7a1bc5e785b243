package io.tenantscreening.disputes;

import io.tenantscreening.contract.TextRules;
import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The applicant's reason as a dispute keeps it ({@link DisputeRequest#reason}): the
 * applicant says why (openapi.yaml#disputes, docs/integrators.md#disputes), in at most 2000
 * characters (the {@code maxLength} of the contract's {@code Dispute.reason}), counted in
 * code points rather than UTF-16 units after trimming; each line break (CR LF, CR or LF)
 * becomes one space, as a text area sends them, and the text is trimmed; control, separator
 * and bidirectional formatting characters are refused, and so is text nothing of which can
 * be seen (docs/integrators.md#what-a-dispute-names; the contract's rules for text,
 * openapi.yaml#errors).
 */
class DisputeReasonTest {

    private static final String CONTROL = "Must not contain control characters, line or paragraph separators or "
            + "bidirectional formatting characters.";

    @Test
    void aReasonIsKeptAsTypedWithoutTheSpaceAroundIt() {
        assertThat(DisputeRequest.reason("  I never lived there. [deleted]\u00A0 ")).isEqualTo("I never lived there. [deleted]");
    }

    @Test
    void eachLineBreakOfATextAreaBecomesOneSpace() {
        assertThat(DisputeRequest.reason("First line.\r\nSecond line.\rThird line.\nFourth line."))
                .isEqualTo("First line. Second line. Third line. Fourth line.");
        assertThat(DisputeRequest.reason("One\r\n\r\nTwo")).isEqualTo("One  Two");
        assertThat(DisputeRequest.reason("\r\nTrailing and leading breaks go with the space\n")).isEqualTo(
                "Trailing and leading breaks go with the space");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\r\n", "\n\n\n", "\u00A0\u2003", "\uFEFF"})
    void anEmptyReasonIsRefused(String reason) {
        assertRefused(reason, "Say why you dispute these records or checks.");
    }

    @Test
    void noReasonAtAllIsRefusedLikeAnEmptyOne() {
        assertRefused(null, "Say why you dispute these records or checks.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tab\there", "nul\u0000", "bell\u0007", "del\u007F", "c1\u0085", "line\u2028separator",
            "paragraph\u2029separator", "right-to-left \u202Eoverride", "isolate \u2066x\u2069", "embedding \u202Ax\u202C"})
    void controlSeparatorAndBidirectionalCharactersAreRefused(String reason) {
        assertRefused(reason, CONTROL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u200B", "\u200B\u200D", "\u3164", "\u2800 \u2800"})
    void textNothingOfWhichCanBeSeenIsRefused(String reason) {
        assertRefused(reason, TextRules.INVISIBLE);
    }

    @Test
    void twoThousandCharactersAreTakenAndOneMoreIsRefused() {
        String longest = "a".repeat(DisputeRequest.LONGEST_REASON);

        assertThat(DisputeRequest.LONGEST_REASON).isEqualTo(2000);
        assertThat(DisputeRequest.reason(longest)).isEqualTo(longest);
        assertRefused(longest + "b", "Must be at most 2000 characters.");
    }

    @Test
    void theLengthIsCountedInCharactersSoTwoThousandEmojiAreTaken() {
        String emoji = "\uD83C\uDFE0".repeat(2000);

        assertThat(emoji.length()).isEqualTo(4000);
        assertThat(DisputeRequest.reason(emoji)).isEqualTo(emoji);
        assertRefused(emoji + "\uD83C\uDFE0", "Must be at most 2000 characters.");
    }

    @Test
    void theLengthIsCountedAfterTrimmingAndWithEachLineBreakAsOneSpace() {
        String reason = "  " + "a".repeat(999) + "\r\n" + "b".repeat(1000) + "\n\n";

        assertThat(DisputeRequest.reason(reason)).hasSize(2000);
    }

    private static void assertRefused(String reason, String detail) {
        assertThatThrownBy(() -> DisputeRequest.reason(reason)).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.status().getCode()).isEqualTo(422);
            assertThat(refused.errors()).singleElement().satisfies(entry -> {
                assertThat(entry.detail()).isEqualTo(detail);
                assertThat(entry.source().pointer()).isEqualTo("/dispute/reason");
            });
        });
    }
}
