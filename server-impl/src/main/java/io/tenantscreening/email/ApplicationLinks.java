package io.tenantscreening.email;

import java.util.regex.Pattern;

/**
 * Links with a secret token in text that is written to a log (application links and links to
 * an applicant's copy of a report): the token is replaced, as in the access log.
 */
public final class ApplicationLinks {

    private static final Pattern TOKEN = Pattern.compile("/(apply|my-report)/[A-Za-z0-9_-]+");

    private ApplicationLinks() {
    }

    public static String redacted(String text) {
        return text == null ? null : TOKEN.matcher(text).replaceAll("/$1/[redacted]");
    }
}
