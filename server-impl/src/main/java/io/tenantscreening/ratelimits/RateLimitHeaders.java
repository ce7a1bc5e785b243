package io.tenantscreening.ratelimits;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.tenantscreening.web.Routes;

/**
 * Stamps every answer to a request whose key the rate limit counted (errors and 429 included)
 * with {@code RateLimit-Policy} and {@code RateLimit}, from the decision the authentication
 * filter left on the request. It comes before that filter, so that it also sees the answers
 * the authentication filter gives itself (429, 403).
 */
@ServerFilter(value = Routes.API, patternStyle = FilterPatternStyle.REGEX)
public class RateLimitHeaders implements Ordered {

    /** The request attribute holding the request's {@link RateLimitDecision}. */
    public static final String ATTRIBUTE = "screening.rate-limit";

    @ResponseFilter
    public void stamp(HttpRequest<?> request, MutableHttpResponse<?> response) {
        request.getAttribute(ATTRIBUTE, RateLimitDecision.class).ifPresent(decision -> {
            response.getHeaders().set(RateLimitDecision.POLICY_HEADER, decision.policy());
            response.getHeaders().set(RateLimitDecision.STATE_HEADER, decision.state());
        });
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.before();
    }
}
