package io.tenantscreening.common;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Last resort for every Throwable no more specific handler claims, errors such as
 * StackOverflowError included: logs the failure with the request id, answers 500
 * internal_error without any detail of the cause.
 */
@Singleton
public class UnexpectedFailureHandler implements ExceptionHandler<Throwable, HttpResponse<ErrorEnvelope>> {

    private static final Logger LOG = LoggerFactory.getLogger(UnexpectedFailureHandler.class);

    @Override
    public HttpResponse<ErrorEnvelope> handle(HttpRequest request, Throwable exception) {
        LOG.error("request_id={} unexpected failure in {} {}", RequestIds.of(request), request.getMethodName(),
                request.getUri().getRawPath(), exception);
        return ErrorResponses.of(InternalErrors.forRequest(request));
    }
}
