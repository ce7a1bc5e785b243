package io.tenantscreening.apply;

import java.util.regex.Pattern;

/** Application links in text that is written to a log: the token is replaced, as in the access log. */
final class ApplicationLinks {

    private static final Pattern TOKEN = Pattern.compile("/apply/[A-Za-z0-9_-]+");

    private ApplicationLinks() {
    }

    static String redacted(String text) {
        return text == null ? null : TOKEN.matcher(text).replaceAll("/apply/[redacted]");
    }
}
