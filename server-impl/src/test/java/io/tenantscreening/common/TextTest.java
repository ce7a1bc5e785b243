package io.tenantscreening.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** One normaliser for all text: every Unicode space counts as white space, nothing else does. */
class TextTest {

    /** Every space separator (Zs), the line and paragraph separators, the ASCII white space and U+FEFF. */
    @ParameterizedTest
    @ValueSource(ints = {0x20, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
            0x200A, 0x202F, 0x205F, 0x3000, 0x2028, 0x2029, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xFEFF})
    void everyKindOfSpaceIsTrimmedCollapsedAndSplitAt(int space) {
        String s = Character.toString(space);

        assertThat(Text.trim(s + s + "12 Oak" + s)).isEqualTo("12 Oak");
        assertThat(Text.collapse(s + "12" + s + s + "Oak" + s)).isEqualTo("12 Oak");
        assertThat(Text.splitAtFirstSpace("Mary" + s + "Ann Smith")).containsExactly("Mary", "Ann Smith");
        assertThat(Text.trimToNull(s + s)).isNull();
    }

    @ParameterizedTest
    @ValueSource(ints = {0x200B, 0x200C, 0x200D, 0x2060, 0x00AD, 'a', '#'})
    void invisibleCharactersThatAreNotSpacesAreKept(int codePoint) {
        String c = Character.toString(codePoint);

        assertThat(Text.trim(c + "x" + c)).isEqualTo(c + "x" + c);
    }

    @Test
    void surrogatePairsAreKeptWhole() {
        assertThat(Text.trim("\u3000😀\u3000")).isEqualTo("😀");
        assertThat(Text.splitAtFirstSpace("😀 🏠")).containsExactly("😀", "🏠");
    }
}
