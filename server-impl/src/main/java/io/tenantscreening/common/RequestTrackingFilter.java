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
        request.setAttribute(RequestIds.ATTRIBUTE, RequestIds.newId());
        request.setAttribute(STARTED, System.nanoTime());
    }

    @ResponseFilter
    public void end(HttpRequest<?> request, MutableHttpResponse<?> response) {
        String requestId = RequestIds.of(request);
        response.header(RequestIds.HEADER, requestId);
        response.header(ApiVersions.HEADER, ApiVersions.NEWEST);
        long started = request.getAttribute(STARTED, Long.class).orElse(System.nanoTime());
        LOG.info("request_id={} method={} path={} status={} duration_ms={}", requestId, request.getMethodName(),
                request.getUri().getRawPath(), response.code(), (System.nanoTime() - started) / 1_000_000);
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }
}
