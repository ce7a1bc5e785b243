package io.tenantscreening.web;

import io.micronaut.http.HttpRequest;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two kinds of route the service serves: the JSON API (keys, the error envelope, the
 * contract check) and HTML pages for applicants under {@code /apply} and {@code /my-report}
 * (no key, HTML errors, a secret token in the path that is never logged). Filters name the
 * kind they serve.
 */
public final class Routes {

    /** Paths of the JSON API: everything but the pages. */
    public static final String API = "^(?!/(apply|my-report)(/|$)).*";
    /** Paths of the HTML pages. */
    public static final String PAGES = "^/(apply|my-report)(/.*)?$";
    /** Where payment gateways send their signed notifications: API paths that take no API key. */
    public static final String PAYMENT_NOTIFICATIONS = "/payment_notifications";

    private static final Pattern PAGE = Pattern.compile("^/(apply|my-report)(/|$)");
    /** A page's path as logs show it: the token replaced, and what follows it kept when it is one of the page's own paths. */
    private static final Pattern TOKEN_PATH = Pattern.compile("^/(apply|my-report)/[^/]*(/renew|/report\\.pdf)?(.*)$");

    private Routes() {
    }

    public static boolean isPage(HttpRequest<?> request) {
        return PAGE.matcher(request.getPath()).find();
    }

    /** The request's path as logs may show it: percent-encoded as sent, a page's token replaced. */
    public static String loggedPath(HttpRequest<?> request) {
        return loggedPath(request.getUri().getRawPath());
    }

    /** A raw path (percent-encoded) as logs may show it: a page's token replaced. */
    static String loggedPath(String raw) {
        Matcher page = TOKEN_PATH.matcher(raw);
        if (!page.matches()) {
            return raw;
        }
        String known = page.group(2) != null && page.group(3).isEmpty() ? page.group(2) : "";
        return "/" + page.group(1) + "/[redacted]" + known;
    }

    /** Text as sent on the wire, with every byte outside printable ASCII percent-encoded (no line can be forged in a log). */
    static String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            if (b > 0x20 && b < 0x7F) {
                out.append((char) b);
            } else {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }
}
