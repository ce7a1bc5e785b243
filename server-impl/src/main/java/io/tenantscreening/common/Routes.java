package io.tenantscreening.common;

import io.micronaut.http.HttpRequest;

/**
 * The two kinds of route the service serves: the JSON API (keys, the error envelope, the
 * contract check) and HTML pages for applicants under {@code /apply} (no key, HTML errors,
 * a secret token in the path that is never logged). Filters name the kind they serve.
 */
public final class Routes {

    /** Paths of the JSON API: everything but the pages. */
    public static final String API = "^(?!/apply(/|$)).*";
    /** Paths of the HTML pages. */
    public static final String PAGES = "^/apply(/.*)?$";

    private static final String PAGE_PREFIX = "/apply/";

    private Routes() {
    }

    public static boolean isPage(HttpRequest<?> request) {
        String path = request.getPath();
        return path.equals("/apply") || path.startsWith(PAGE_PREFIX);
    }

    /** The request's path as logs may show it: percent-encoded as sent, a page's token replaced. */
    public static String loggedPath(HttpRequest<?> request) {
        String raw = request.getUri().getRawPath();
        return raw.startsWith(PAGE_PREFIX) ? PAGE_PREFIX + "[redacted]" : raw;
    }
}
