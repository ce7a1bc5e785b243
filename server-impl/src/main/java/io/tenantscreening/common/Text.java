package io.tenantscreening.common;

/**
 * The one normaliser of the text the service receives. White space is what the contract's
 * patterns call white space (ECMAScript {@code \s}): the ASCII white space characters, every
 * Unicode space separator (no-break, en, em, thin, ideographic spaces and the others),
 * the line and paragraph separators, and the zero-width no-break space (U+FEFF). Every
 * input that is trimmed, compared or split goes through here, so that a name or address
 * edged with a no-break space is the same as one edged with an ordinary space.
 */
public final class Text {

    private Text() {
    }

    public static boolean isSpace(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint) || codePoint == 0xFEFF;
    }

    /** Without surrounding white space. */
    public static String trim(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isSpace(text.codePointAt(start))) {
            start += Character.charCount(text.codePointAt(start));
        }
        while (end > start && isSpace(text.codePointBefore(end))) {
            end -= Character.charCount(text.codePointBefore(end));
        }
        return text.substring(start, end);
    }

    /** Trimmed; null when nothing is left (or nothing was sent). */
    public static String trimToNull(String text) {
        if (text == null) {
            return null;
        }
        String trimmed = trim(text);
        return trimmed.isEmpty() ? null : trimmed;
    }

    /** Trimmed, with every run of white space inside it made one ASCII space: the form texts are compared in. */
    public static String collapse(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        String trimmed = trim(text);
        for (int i = 0; i < trimmed.length(); ) {
            int codePoint = trimmed.codePointAt(i);
            if (isSpace(codePoint)) {
                space = true;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.appendCodePoint(codePoint);
            }
            i += Character.charCount(codePoint);
        }
        return out.toString();
    }

    /** The trimmed text split at its first run of white space: two parts, or one when it has none. */
    public static String[] splitAtFirstSpace(String text) {
        String trimmed = trim(text);
        for (int i = 0; i < trimmed.length(); ) {
            int codePoint = trimmed.codePointAt(i);
            if (isSpace(codePoint)) {
                return new String[]{trimmed.substring(0, i), trim(trimmed.substring(i))};
            }
            i += Character.charCount(codePoint);
        }
        return new String[]{trimmed};
    }
}
