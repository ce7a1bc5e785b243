package io.tenantscreening.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The validator's wording is read by linear scans; these are their cases. */
class ValidationMessagesTest {

    @Test
    void quotedStringsAreUnescaped() {
        assertThat(ValidationMessages.quoted("allowed: [\"a\\\"b\",\"c\\\\d\",\"\\x00\"]")).containsExactly("a\"b", "c\\d", "\\x00");
    }

    @Test
    void aLongQuotedValueIsReadInOnePass() {
        String value = "1".repeat(1_000_000);
        assertThat(ValidationMessages.quoted("regex \"^[0-9]{5}$\" does not match input string \"" + value + "\""))
                .containsExactly("^[0-9]{5}$", value);
    }

    @Test
    void limitsAreReadAfterTheirMarker() {
        assertThat(ValidationMessages.numberAfter("string \"x\" is too long (length: 12, maximum allowed: 10)", "maximum"))
                .isEqualTo("10");
        assertThat(ValidationMessages.numberAfter("numeric instance is lower than the required minimum (minimum: 1, found: 0)",
                "minimum")).isEqualTo("1");
        assertThat(ValidationMessages.numberAfter("no limit here", "maximum")).isEqualTo("the documented limit");
    }
}
