package io.tenantscreening.contract;

import io.swagger.v3.oas.models.media.Schema;

import java.util.Set;

/**
 * The contract's single-line text members. Their patterns (below, as openapi.yaml writes
 * them) refuse control characters, line separators and bidirectional override and
 * isolate controls; what a
 * pattern cannot say is checked here: text that is not blank needs at least one visible
 * character, so that a name or address made of zero-width or other invisible characters
 * is refused rather than stored.
 */
public final class TextRules {

    /** A single line, possibly blank. */
    public static final String LINE = "^[^\\x00-\\x1F\\x7F-\\x9F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$";
    /** A single line that is not blank. */
    public static final String NON_BLANK_LINE =
            "^(?=.*\\S)[^\\x00-\\x1F\\x7F-\\x9F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$";

    public static final String INVISIBLE =
            "Must contain at least one visible character (a letter, digit, punctuation mark or symbol); "
                    + "spaces and invisible characters alone do not count.";

    /** Letters and symbols that render as blank space. */
    private static final Set<Integer> BLANK_LOOKING = Set.of(0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800);

    private TextRules() {
    }

    /** Whether a schema is one of the contract's text members. */
    public static boolean isText(Schema<?> schema) {
        return LINE.equals(schema.getPattern()) || NON_BLANK_LINE.equals(schema.getPattern());
    }

    /** Whether text breaks the visibility rule: it is not blank, yet nothing in it can be seen. */
    public static boolean isInvisible(String text) {
        boolean blank = true;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (isVisible(codePoint)) {
                return false;
            }
            blank &= Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
            i += Character.charCount(codePoint);
        }
        return !blank;
    }

    private static boolean isVisible(int codePoint) {
        if (BLANK_LOOKING.contains(codePoint)) {
            return false;
        }
        return switch (Character.getType(codePoint)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                 Character.MODIFIER_LETTER, Character.OTHER_LETTER,
                 Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER,
                 Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION,
                 Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }
}
