package io.tenantscreening.common;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Outermost filter: gives each request its id, stamps every response (errors included)
 * with Request-Id and the Service-Tenant-Version that served it, and writes one access
 * log line per request carrying the same id. The path is logged as sent, percent-encoded,
 * so a decoded line break in it cannot forge log lines.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public class RequestTrackingFilter implements Ordered {

    private static final Logger LOG = LoggerFactory.getLogger("access");
    private static final String STARTED = "screening.started-nanos";

    @RequestFilter
    public void begin(HttpRequest<?> request) {
        RequestIds.assign(request);
        request.setAttribute(STARTED, System.nanoTime());
    }

    @ResponseFilter
    public void end(HttpRequest<?> request, MutableHttpResponse<?> response) {
        String requestId = RequestIds.of(request);
        response.getHeaders().set(RequestIds.HEADER, requestId);
        response.getHeaders().set(ApiVersions.HEADER, ApiVersions.NEWEST);
        long started = request.getAttribute(STARTED, Long.class).orElse(System.nanoTime());
        log(request, response.code(), (System.nanoTime() - started) / 1_000_000);
    }

    /** The access log line of one request; also written for requests the filters never saw. */
    static void log(HttpRequest<?> request, int status, long durationMillis) {
        LOG.info("request_id={} method={} path={} status={} duration_ms={}", RequestIds.of(request), request.getMethodName(),
                request.getUri().getRawPath(), status, durationMillis);
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }
}
