package io.tenantscreening.disputes;

import io.tenantscreening.common.Text;
import io.tenantscreening.contract.TextRules;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;

import java.util.regex.Pattern;

/**
 * The rules of a statement of dispute as the applicant writes it (FCRA section 611(b): a brief
 * statement of the nature of the dispute, which the agency may limit to 100 words when it helps
 * the consumer write a clear summary): one line of 1 to {@value #MOST_WORDS} words and at most
 * {@value #LONGEST} characters (Unicode code points), with a visible character. Line breaks
 * become spaces, one for each break (CR LF, CR or LF), as a text area sends them, and the white
 * space around it is removed. A word is a run of characters between white space (any Unicode
 * white space, no-break spaces included) that holds at least one letter or digit: punctuation
 * alone (a dash between spaces) is no word, and "set-aside", "landlord's" or "$1,200" are one
 * word each.
 */
final class StatementOfDispute {

    static final int MOST_WORDS = 100;
    static final int LONGEST = 1000;
    private static final Pattern LINE = Pattern.compile(TextRules.LINE);
    private static final Pattern LINE_BREAKS = Pattern.compile("\r\n|[\r\n]");

    private StatementOfDispute() {
    }

    /** The statement as stored; 422 on {@code /statement} unless it is one line of 1 to 100 words, at most 1000 characters. */
    static String text(String statement) {
        ErrorSource source = ErrorSource.pointer("/statement");
        String text = Text.trim(LINE_BREAKS.matcher(statement == null ? "" : statement).replaceAll(" "));
        if (!LINE.matcher(text).matches()) {
            throw ApiException.invalid(source, "Must not contain control characters, line or paragraph separators or "
                    + "bidirectional formatting characters.");
        }
        if (text.isEmpty()) {
            throw ApiException.invalid(source, "Write your statement: 1 to " + MOST_WORDS + " words.");
        }
        if (TextRules.isInvisible(text)) {
            throw ApiException.invalid(source, TextRules.INVISIBLE);
        }
        if (text.codePointCount(0, text.length()) > LONGEST) {
            throw ApiException.invalid(source, "Must be at most " + LONGEST + " characters.");
        }
        int words = words(text);
        if (words == 0) {
            throw ApiException.invalid(source, "Must hold at least one word (a letter or a digit); punctuation alone is no word.");
        }
        if (words > MOST_WORDS) {
            throw ApiException.invalid(source, "Must be at most " + MOST_WORDS + " words; this is " + words + ".");
        }
        return text;
    }

    /** The words of the text: runs of characters between white space that hold a letter or a digit. */
    static int words(String text) {
        int words = 0;
        boolean counted = false;
        for (int at = 0; at < text.length(); ) {
            int character = text.codePointAt(at);
            at += Character.charCount(character);
            if (Character.isWhitespace(character) || Character.isSpaceChar(character)) {
                counted = false;
            } else if (!counted && Character.isLetterOrDigit(character)) {
                words++;
                counted = true;
            }
        }
        return words;
    }
}
