package io.tenantscreening.auth;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.ErrorEnvelope;
import io.tenantscreening.common.ErrorResponses;
import io.tenantscreening.common.Offload;
import io.tenantscreening.common.RequestThreads;
import io.tenantscreening.common.Routes;
import jakarta.inject.Named;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Requires a valid bearer key on every request to the JSON API except the public contract
 * document (pages for applicants use their own tokens):
 * missing, malformed, unknown or revoked keys get 401 authorization_error, a read_only
 * key on anything but GET (or HEAD) gets 403 forbidden. The caller it establishes is
 * what every layer below scopes its data by.
 */
@ServerFilter(value = Routes.API, patternStyle = FilterPatternStyle.REGEX)
public class AuthenticationFilter implements Ordered {

    private static final Set<String> PUBLIC_PATHS = Set.of("/openapi.yaml", "/health", "/health/readiness", "/docs", "/metrics");
    /** The reference page's assets. */
    private static final String DOCS_PREFIX = "/docs/";
    private static final String BEARER = "bearer ";

    private final ApiKeyService keys;
    private final Executor requestThreads;

    public AuthenticationFilter(ApiKeyService keys, @Named(RequestThreads.NAME) Executor requestThreads) {
        this.keys = keys;
        this.requestThreads = requestThreads;
    }

    /**
     * Decides on the event loop whatever needs no I/O (public paths, a missing or malformed
     * header, a key the cache vouches for); only a key the cache cannot answer for is looked
     * up, on the request threads ({@link RequestThreads}). So most requests reach the
     * controller with one change of thread instead of one per filter.
     */
    @RequestFilter
    public CompletionStage<Optional<HttpResponse<ErrorEnvelope>>> authenticate(HttpRequest<?> request) {
        if (PUBLIC_PATHS.contains(request.getPath()) || request.getPath().startsWith(DOCS_PREFIX)) {
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
            return CompletableFuture.completedFuture(admit(request, cached));
        }
        return Offload.onto(requestThreads, () -> admit(request, keys.authenticate(presented)));
    }

    private static Optional<HttpResponse<ErrorEnvelope>> admit(HttpRequest<?> request, Optional<Caller> caller) {
        if (caller.isEmpty()) {
            return Optional.of(ErrorResponses.of(ApiException.unauthorized(
                    "The API key is not valid: it is malformed, unknown or revoked.")));
        }
        HttpMethod method = request.getMethod();
        if (caller.get().scope() == Scope.READ_ONLY && method != HttpMethod.GET && method != HttpMethod.HEAD) {
            return Optional.of(ErrorResponses.of(ApiException.forbidden(
                    "This API key is read_only and may only make GET requests; use a key with full scope.")));
        }
        request.setAttribute(Caller.ATTRIBUTE, caller.get());
        return Optional.empty();
    }

    private static CompletionStage<Optional<HttpResponse<ErrorEnvelope>>> refuse(ApiException refusal) {
        return CompletableFuture.completedFuture(Optional.of(ErrorResponses.of(refusal)));
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.order();
    }
}
