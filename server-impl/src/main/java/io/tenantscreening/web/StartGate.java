package io.tenantscreening.web;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.tenantscreening.common.StartProgress;
import io.tenantscreening.errors.ErrorResponses;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * While the instance is still starting (its migrations and background workers, beside the
 * HTTP server's start), every request but the two health checks waits for the start to
 * finish, holding no thread, and then goes on; one still waiting after
 * {@code screening.http.start-wait} answers 503 service_unavailable with Retry-After
 * (a page, on the page routes). Once started, the gate costs one volatile read.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public class StartGate implements Ordered {

    private static final Set<String> HEALTH = Set.of("/health", "/health/readiness");

    private final StartProgress progress;
    private final BeanProvider<ErrorPages> pages;
    private final Duration wait;

    public StartGate(StartProgress progress, BeanProvider<ErrorPages> pages, @Value("${screening.http.start-wait:10s}") Duration wait) {
        if (wait.isNegative()) {
            throw new IllegalArgumentException("HTTP_START_WAIT must not be negative, not " + wait);
        }
        this.progress = progress;
        this.pages = pages;
        this.wait = wait;
    }

    @RequestFilter
    public CompletionStage<Optional<HttpResponse<?>>> awaitStart(HttpRequest<?> request) {
        if (progress.finished() || HEALTH.contains(request.getPath())) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return progress.whenFinished().toCompletableFuture()
                .thenApply(finished -> true)
                .completeOnTimeout(false, wait.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(finished -> finished ? Optional.empty() : Optional.of(starting(request)));
    }

    private HttpResponse<?> starting(HttpRequest<?> request) {
        if (Routes.isPage(request)) {
            return pages.get().page(HttpStatus.SERVICE_UNAVAILABLE, RequestIds.of(request))
                    .header("Retry-After", Integer.toString(InternalErrors.RETRY_AFTER_SECONDS));
        }
        return ErrorResponses.of(InternalErrors.starting());
    }

    /** Right after the request tracking (request id, access line), before any filter that may use the database. */
    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.after();
    }
}
