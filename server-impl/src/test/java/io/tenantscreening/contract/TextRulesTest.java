package io.tenantscreening.contract;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Text that is not blank needs something a reader can see. */
class TextRulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"\u200b", "\u200b\u200c\u200d", "\u2060", "\u00ad", "\ufeff", "\u3164", "\u2800", "\u115f",
            " \u200b ", "\u0301"})
    void textOfInvisibleCharactersIsInvisible(String text) {
        assertThat(TextRules.isInvisible(text)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\u00a0", "\u2003\u3000", "a", "#", "1", "ł", "中", "😀", "\u200bA", "$", "—"})
    void blankOrVisibleTextIsNot(String text) {
        assertThat(TextRules.isInvisible(text)).isFalse();
    }
}
