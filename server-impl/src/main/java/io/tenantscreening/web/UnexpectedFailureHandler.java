package io.tenantscreening.web;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.tenantscreening.errors.ErrorResponses;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Last resort for every Throwable no more specific handler claims, errors such as
 * StackOverflowError included: logs the failure with the request id, answers 500
 * internal_error without any detail of the cause; or, when the database is out of reach,
 * 503 service_unavailable with Retry-After (a warning in the log, not a stack trace).
 */
@Singleton
public class UnexpectedFailureHandler implements ExceptionHandler<Throwable, HttpResponse<?>> {

    private static final Logger LOG = LoggerFactory.getLogger(UnexpectedFailureHandler.class);

    private final ErrorPages pages;

    public UnexpectedFailureHandler(ErrorPages pages) {
        this.pages = pages;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, Throwable exception) {
        if (InternalErrors.isDatabaseUnavailable(exception)) {
            LOG.warn("request_id={} database unavailable in {} {}: {}", RequestIds.of(request), request.getMethodName(),
                    Routes.loggedPath(request), exception.toString());
            return Routes.isPage(request) ? pages.page(HttpStatus.SERVICE_UNAVAILABLE, RequestIds.of(request))
                    .header("Retry-After", Integer.toString(InternalErrors.RETRY_AFTER_SECONDS))
                    : ErrorResponses.of(InternalErrors.databaseUnavailable(request));
        }
        LOG.error("request_id={} unexpected failure in {} {}", RequestIds.of(request), request.getMethodName(),
                Routes.loggedPath(request), exception);
        if (Routes.isPage(request)) {
            return pages.page(HttpStatus.INTERNAL_SERVER_ERROR, RequestIds.of(request));
        }
        return ErrorResponses.of(InternalErrors.forRequest(request));
    }
}
