package io.tenantscreening.web;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEnvelope;
import io.tenantscreening.errors.ErrorResponses;
import jakarta.inject.Singleton;

/** Renders an {@link ApiException} as its status and error envelope. */
@Singleton
public class ApiExceptionHandler implements ExceptionHandler<ApiException, HttpResponse<ErrorEnvelope>> {

    @Override
    public HttpResponse<ErrorEnvelope> handle(HttpRequest request, ApiException exception) {
        return ErrorResponses.of(exception);
    }
}
