package io.tenantscreening.contract;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's patterns that the compiled rules may run with Java's engine, and those they must not. */
class EcmaPatternsTest {

    @Test
    void theContractsOwnPatternsAreReadAlike() {
        assertThat(EcmaPatterns.compile(TextRules.NON_BLANK_LINE)).isPresent();
        assertThat(EcmaPatterns.compile("^[0-9]{5}(-[0-9]{4})?$")).isPresent();
        assertThat(EcmaPatterns.compile("^([0-9]{3}-[0-9]{2}-[0-9]{4}|[0-9]{9})$")).isPresent();
    }

    /**
     * Each read otherwise by Java (or not at all): intersection, property class, possessive,
     * flags, named group, lookbehind, nested class, quoting, classes only Java knows, a lone
     * brace, a braced hexadecimal escape, a class opening with ']'.
     */
    @ParameterizedTest
    @ValueSource(strings = {"[a-z&&[^x]]", "^\\p{L}+$", "a++", "(?i)a", "(?<n>a)", "(?<=a)b", "[[a]]", "\\Qa\\E", "\\h",
            "\\V", "a{", "\\x{41}", "[]a]", "[^]a]"})
    void patternsJavaCouldReadOtherwiseAreNotCompiled(String pattern) {
        assertThat(EcmaPatterns.compile(pattern)).isEmpty();
    }
}
