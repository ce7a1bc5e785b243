package io.tenantscreening.web;

import io.micronaut.http.HttpRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One access log line per request (logger {@code access}), carrying the request id the
 * answer's Request-Id header has: method, path as sent (percent-encoded, so a decoded line
 * break cannot forge lines; a page's token replaced), status and duration.
 */
public final class AccessLog {

    private static final Logger LOG = LoggerFactory.getLogger("access");
    private static final String STARTED = "screening.started-nanos";

    private AccessLog() {
    }

    /** Gives the request its id and notes when it started; its log fields, for its propagated context. */
    public static RequestLogFields begin(HttpRequest<?> request) {
        RequestIds.assign(request);
        request.setAttribute(STARTED, System.nanoTime());
        return RequestLogFields.of(request);
    }

    public static void end(HttpRequest<?> request, int status) {
        long started = request.getAttribute(STARTED, Long.class).orElse(System.nanoTime());
        RequestLogFields.of(request).around(() -> LOG.info("request_id={} method={} path={} status={} duration_ms={}",
                RequestIds.of(request), request.getMethodName(), Routes.loggedPath(request), status,
                (System.nanoTime() - started) / 1_000_000));
    }

    /**
     * The line of a request refused before it reached the application ({@link HttpConnection}):
     * its method and path when its request line could be read, else "-".
     */
    static void refused(String requestId, io.netty.handler.codec.http.HttpRequest request, int status) {
        String method = request == null ? "-" : Routes.printable(request.method().name());
        String path = request == null ? "-" : Routes.loggedPath(Routes.printable(request.uri().split("\\?", 2)[0]));
        RequestLogFields.forId(requestId).around(() -> LOG.info("request_id={} method={} path={} status={} duration_ms=0",
                requestId, method, path, status));
    }
}
