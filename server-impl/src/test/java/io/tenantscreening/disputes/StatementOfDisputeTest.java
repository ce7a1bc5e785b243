package io.tenantscreening.disputes;

import io.tenantscreening.contract.TextRules;
import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The applicant's statement of dispute as a dispute keeps it ({@link StatementOfDispute}): FCRA
 * section 611(b) lets the agency limit a statement to 100 words; the contract says how words
 * are counted (docs/integrators.md#statements-of-dispute, POST /test_helpers/disputes/{id}/statement,
 * rule 4): a word is a run of characters between white space, any Unicode white space, that
 * holds a letter or a digit. One line of at most 1000 characters, kept without the white space
 * around it, each line break of a text area becoming one space.
 */
class StatementOfDisputeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "I paid the rent.|4",
            "set-aside landlord's $1,200|3",
            "Paid — in full … on time|5",
            "  spaced   out  |2",
            "no\u00A0break\u202Fspaces\u2007here|4",
            "tab\tand\u2003em|3",
            "2021-06-14 case 42|3",
            "Café déjà vu|3",
            "— … ! ?|0",
            "x|1"})
    void aWordIsARunBetweenWhiteSpaceWithALetterOrADigit(String text, int words) {
        assertThat(StatementOfDispute.words(text)).isEqualTo(words);
    }

    @Test
    void aHundredWordsAreAcceptedAndAHundredAndOneRefused() {
        String hundred = "word ".repeat(100).strip();

        assertThat(StatementOfDispute.text(hundred)).isEqualTo(hundred);
        assertRefused(hundred + " more", "Must be at most 100 words; this is 101.");
        assertThat(StatementOfDispute.text(hundred + " — …")).isEqualTo(hundred + " — …");
    }

    @Test
    void aStatementIsKeptOnOneLineWithoutTheSpaceAroundIt() {
        assertThat(StatementOfDispute.text("  I paid.\r\nThe court\nnever\rheard me.\u00A0 ")).isEqualTo("I paid. The court never heard me.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\r\n", "\u00A0\u2003"})
    void anEmptyStatementIsRefused(String statement) {
        assertRefused(statement, "Write your statement: 1 to 100 words.");
    }

    @Test
    void punctuationAloneIsNoStatement() {
        assertRefused("— … !", "Must hold at least one word (a letter or a digit); punctuation alone is no word.");
    }

    @Test
    void invisibleCharactersAloneAreNoStatement() {
        assertRefused("\u200B\u200D", TextRules.INVISIBLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tab\there", "nul\u0000", "line\u2028separator", "right-to-left \u202Eoverride"})
    void controlSeparatorAndBidirectionalCharactersAreRefused(String statement) {
        assertRefused(statement, "Must not contain control characters, line or paragraph separators or "
                + "bidirectional formatting characters.");
    }

    @Test
    void atMost1000CharactersCountedInCodePoints() {
        String long1000 = "\uD83D\uDE00".repeat(1000);

        assertThat(StatementOfDispute.text("a" + "\uD83D\uDE00".repeat(999))).hasSize(1999);
        assertRefused("a" + long1000, "Must be at most 1000 characters.");
    }

    private static void assertRefused(String statement, String detail) {
        assertThatThrownBy(() -> StatementOfDispute.text(statement)).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.status().getCode()).isEqualTo(422);
            assertThat(refused.errors()).singleElement().satisfies(error -> {
                assertThat(error.detail()).isEqualTo(detail);
                assertThat(error.source().pointer()).isEqualTo("/statement");
            });
        });
    }
}
