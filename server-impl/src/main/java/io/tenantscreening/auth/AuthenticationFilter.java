package io.tenantscreening.auth;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEnvelope;
import io.tenantscreening.errors.ErrorResponses;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.ratelimits.RateLimitDecision;
import io.tenantscreening.ratelimits.RateLimitHeaders;
import io.tenantscreening.ratelimits.RateLimiter;
import io.tenantscreening.web.LogFields;
import io.tenantscreening.web.Offload;
import io.tenantscreening.web.RequestLogFields;
import io.tenantscreening.web.RequestThreads;
import io.tenantscreening.web.Routes;
import jakarta.inject.Named;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Requires a valid bearer key on every request to the JSON API except the public contract
 * documents, the reference page, health, metrics and payment processors' notifications (pages for applicants use their own tokens):
 * missing, malformed, unknown or revoked keys get 401 authorization_error, with a
 * WWW-Authenticate challenge whose error is invalid_token when a bearer key was sent; then the key's
 * rate limit takes a token ({@link RateLimiter}; none left: 429 rate_limited with
 * Retry-After); then a read_only key on anything but GET (or HEAD) gets 403 forbidden. The
 * caller it establishes is what every layer below scopes its data by, its organisation
 * is the queue the request waits in for a request thread ({@link RequestThreads}), and its
 * organisation and mode are named in the request's log lines ({@link RequestLogFields}).
 */
@ServerFilter(value = Routes.API, patternStyle = FilterPatternStyle.REGEX)
public class AuthenticationFilter implements Ordered {

    private static final Set<String> PUBLIC_PATHS = Set.of("/openapi.yaml", "/health", "/health/readiness", "/docs", "/metrics");
    /** The reference page's assets; payment processors' notifications (signed by the processor) are public too. */
    private static final String DOCS_PREFIX = "/docs/";
    /** The released contracts, GET /openapi/{version}.yaml. */
    private static final String RELEASED_CONTRACTS_PREFIX = "/openapi/";
    private static final String BEARER = "bearer ";

    private final ApiKeyService keys;
    private final RateLimiter limiter;
    private final Executor requestThreads;
    private final ServiceMetrics metrics;

    public AuthenticationFilter(ApiKeyService keys, RateLimiter limiter, @Named(RequestThreads.NAME) Executor requestThreads,
                                ServiceMetrics metrics) {
        this.keys = keys;
        this.limiter = limiter;
        this.requestThreads = requestThreads;
        this.metrics = metrics;
    }

    /**
     * Decides on the event loop whatever needs no I/O (public paths, a missing or malformed
     * header, a key the cache vouches for, a rate limit this instance can answer for); only a
     * key the cache cannot answer for is looked up, and a rate limit synchronised, on the
     * request threads ({@link RequestThreads}). So most requests reach the controller with
     * one change of thread instead of one per filter.
     */
    @RequestFilter
    public CompletionStage<Optional<HttpResponse<ErrorEnvelope>>> authenticate(HttpRequest<?> request) {
        if (PUBLIC_PATHS.contains(request.getPath()) || request.getPath().startsWith(DOCS_PREFIX)
                || request.getPath().startsWith(RELEASED_CONTRACTS_PREFIX)
                || request.getPath().startsWith(Routes.PAYMENT_NOTIFICATIONS + "/")) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        Optional<String> header = request.getHeaders().findFirst(HttpHeaders.AUTHORIZATION);
        if (header.isEmpty()) {
            return refuse(ApiException.unauthorized("No API key was sent. Send it as 'Authorization: Bearer <key>'."));
        }
        String value = header.get();
        if (!value.toLowerCase(Locale.ROOT).startsWith(BEARER)) {
            return refuse(ApiException.unauthorized(
                    "The Authorization header must use the Bearer scheme: 'Authorization: Bearer <key>'."));
        }
        String presented = value.substring(BEARER.length()).trim();
        Optional<Caller> cached = keys.authenticateFromCache(presented);
        if (cached.isPresent()) {
            return admit(request, cached);
        }
        return Offload.onto(requestThreads, () -> keys.authenticate(presented)).thenCompose(caller -> admit(request, caller));
    }

    private CompletionStage<Optional<HttpResponse<ErrorEnvelope>>> admit(HttpRequest<?> request, Optional<Caller> found) {
        if (found.isEmpty()) {
            return refuse(ApiException.invalidKey("The API key is not valid: it is malformed, unknown or revoked."));
        }
        Caller caller = found.get();
        request.setAttribute(RequestThreads.QUEUE_ATTRIBUTE, caller.organizationId());
        if (!limiter.enabled()) {
            return CompletableFuture.completedFuture(authorize(request, caller));
        }
        return limiter.take(caller.keyId(), caller.mode(), caller.rateLimit()).thenApply(decision -> {
            request.setAttribute(RateLimitHeaders.ATTRIBUTE, decision);
            if (decision.admitted()) {
                return authorize(request, caller);
            }
            metrics.rateLimited(caller.mode());
            return Optional.of(ErrorResponses.of(rateLimited(decision)));
        });
    }

    private static Optional<HttpResponse<ErrorEnvelope>> authorize(HttpRequest<?> request, Caller caller) {
        HttpMethod method = request.getMethod();
        if (caller.scope() == Scope.READ_ONLY && method != HttpMethod.GET && method != HttpMethod.HEAD) {
            return Optional.of(ErrorResponses.of(ApiException.forbidden(
                    "This API key is read_only and may only make GET requests; use a key with full scope.")));
        }
        request.setAttribute(Caller.ATTRIBUTE, caller);
        RequestLogFields fields = RequestLogFields.of(request);
        fields.put(LogFields.ORGANIZATION_ID, caller.organizationId());
        fields.put(LogFields.MODE, caller.mode().dbValue());
        return Optional.empty();
    }

    private static ApiException rateLimited(RateLimitDecision decision) {
        return new ApiException(HttpStatus.TOO_MANY_REQUESTS, "rate_limited", "Too many requests: this API key may make "
                + decision.limit() + " requests a second. Retry after the number of seconds in the Retry-After header.")
                .withHeader("Retry-After", Long.toString(decision.retryAfterSeconds()));
    }

    private static CompletionStage<Optional<HttpResponse<ErrorEnvelope>>> refuse(ApiException refusal) {
        return CompletableFuture.completedFuture(Optional.of(ErrorResponses.of(refusal)));
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.order();
    }
}
