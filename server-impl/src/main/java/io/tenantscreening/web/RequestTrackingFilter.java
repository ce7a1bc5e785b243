package io.tenantscreening.web;

import io.micronaut.core.order.Ordered;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.http.server.types.files.FileCustomizableResponseType;
import io.tenantscreening.contract.ApiVersions;

/**
 * Outermost filter of the JSON API: gives each request its id (and its log fields,
 * {@link RequestLogFields}), stamps every response
 * (errors included) with Request-Id and the Service-Tenant-Version that served it, keeps it
 * out of caches ({@code Cache-Control: no-store}; only a static file of the reference page,
 * which Micronaut answers with {@code Cache-Control: private, max-age=60}, may be cached)
 * and from being sniffed as another type ({@code X-Content-Type-Options: nosniff}), and
 * writes its {@link AccessLog} line.
 */
@ServerFilter(value = Routes.API, patternStyle = FilterPatternStyle.REGEX)
public class RequestTrackingFilter implements Ordered {

    @RequestFilter
    public void begin(HttpRequest<?> request, MutablePropagatedContext context) {
        context.add(AccessLog.begin(request));
    }

    @ResponseFilter
    public void end(HttpRequest<?> request, MutableHttpResponse<?> response) {
        response.getHeaders().set(RequestIds.HEADER, RequestIds.of(request));
        response.getHeaders().set(ApiVersions.HEADER, ApiVersions.of(request).date());
        if (!(response.getBody().orElse(null) instanceof FileCustomizableResponseType)) {
            response.getHeaders().set(HttpHeaders.CACHE_CONTROL, "no-store");
        }
        response.getHeaders().set("X-Content-Type-Options", "nosniff");
        AccessLog.end(request, response.code());
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }
}
