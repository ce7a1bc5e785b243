package io.tenantscreening.pages;

import io.micronaut.core.order.Ordered;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.tenantscreening.web.AccessLog;
import io.tenantscreening.web.RequestIds;
import io.tenantscreening.web.Routes;

/**
 * The pipeline of the applicants' pages, instead of the API's: no key, no contract check.
 * Each request gets its id (and its log fields), each answer Request-Id and the headers a page holding a secret
 * link needs (no caching, no referrer that would carry the token to another site, no
 * framing, only its own resources, forms sent only to itself and to the payment gateway's
 * hosted checkout, which the pay button redirects to), and the access log line shows the path with the token
 * replaced.
 */
@ServerFilter(value = Routes.PAGES, patternStyle = FilterPatternStyle.REGEX)
public class PageFilter implements Ordered {

    private final FormOrigins formOrigins;

    public PageFilter(FormOrigins formOrigins) {
        this.formOrigins = formOrigins;
    }

    @RequestFilter
    public void begin(HttpRequest<?> request, MutablePropagatedContext context) {
        context.add(AccessLog.begin(request));
    }

    @ResponseFilter
    public void end(HttpRequest<?> request, MutableHttpResponse<?> response) {
        response.getHeaders().set(RequestIds.HEADER, RequestIds.of(request));
        response.getHeaders().set("Cache-Control", "no-store");
        response.getHeaders().set("Referrer-Policy", "no-referrer");
        response.getHeaders().set("X-Frame-Options", "DENY");
        response.getHeaders().set("X-Content-Type-Options", "nosniff");
        String origin = formOrigins.otherFormOrigin();
        response.getHeaders().set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; form-action 'self'"
                + (origin == null ? "" : " " + origin));
        AccessLog.end(request, response.code());
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }
}
