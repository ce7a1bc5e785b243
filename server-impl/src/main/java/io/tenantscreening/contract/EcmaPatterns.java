package io.tenantscreening.contract;

import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The contract's patterns (ECMA 262 regular expressions, as the general validator runs them)
 * for the request checks' compiled rules, which run them with {@link Pattern}: only a
 * pattern written in the syntax the two engines read alike is compiled. The rules that use
 * one still decide only text on which the two agree ({@link BodyRules}, {@link ContractOperations.Rule}).
 */
final class EcmaPatterns {

    /**
     * Constructs that Java's and ECMA 262's syntax read differently (intersections, property
     * classes, quoting, anchors and classes only one knows, braced hexadecimal escapes,
     * possessive quantifiers, inline flags, named groups and lookbehind).
     */
    private static final Pattern JAVA_ONLY_SYNTAX = Pattern.compile(
            "&&|\\\\[pPQEAZzGhHRXVveac0-9kNbB]|\\\\x\\{|[*+?}]\\+|\\(\\?(?![=!:])");

    private EcmaPatterns() {
    }

    /** The pattern as Java reads it, or empty when Java could read it otherwise than ECMA 262 does. */
    static Optional<Pattern> compile(String pattern) {
        if (JAVA_ONLY_SYNTAX.matcher(pattern).find() || classReadOtherwise(pattern)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Pattern.compile(pattern));
        } catch (PatternSyntaxException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether a character class holds a '[' (Java reads a nested class, ECMA 262 the
     * character) or opens with a ']' (Java reads the character, ECMA 262 an empty class, or
     * after '^' any character).
     */
    private static boolean classReadOtherwise(String pattern) {
        boolean inClass = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                if (inClass) {
                    return true;
                }
                inClass = true;
                int first = pattern.startsWith("^", i + 1) ? i + 2 : i + 1;
                if (pattern.startsWith("]", first)) {
                    return true;
                }
            } else if (c == ']') {
                inClass = false;
            }
        }
        return false;
    }
}
