package io.tenantscreening.common;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Puts every error the framework produces on its own (no route, wrong method, wrong
 * content type, body too large, unreadable body, unexpected failure) into our envelope,
 * with the status and code the contract gives. Body problems the framework reports as
 * 400 become 422 validation errors. Nothing from the exception reaches the body.
 */
@Singleton
@Replaces(ErrorResponseProcessor.class)
public class FrameworkErrorProcessor implements ErrorResponseProcessor<ErrorEnvelope> {

    @Override
    public MutableHttpResponse<ErrorEnvelope> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        HttpRequest<?> request = context.getRequest();
        ApiException error = translate(response.code(), request);
        return response.status(error.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(error.envelope());
    }

    private static ApiException translate(int status, HttpRequest<?> request) {
        String route = request.getMethodName() + " " + Echo.of(request.getPath());
        return switch (status) {
            case 400 -> ApiException.invalid(List.of(ErrorEntry.of(ErrorEntry.VALIDATION_ERROR,
                    "The request could not be read. Send a JSON body that matches the documented schema.")));
            case 401 -> ApiException.unauthorized("Send a valid API key as 'Authorization: Bearer <key>'.");
            case 403 -> ApiException.forbidden("This API key may not perform this request.");
            case 404 -> ApiException.notFound("No resource matches " + route + ". See GET /openapi.yaml for the routes this API serves.");
            case 405 -> new ApiException(HttpStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                    "The method " + request.getMethodName() + " is not allowed on " + Echo.of(request.getPath()) + ".");
            case 406 -> new ApiException(HttpStatus.NOT_ACCEPTABLE, "not_acceptable",
                    "None of the media types in the Accept header can be produced for " + route + ".");
            case 413 -> new ApiException(HttpStatus.REQUEST_ENTITY_TOO_LARGE, "payload_too_large",
                    "The request is too large: the body may be at most 1 MiB and the headers at most 8 KiB.");
            case 415 -> new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                    "Send the request body as application/json.");
            default -> status >= 500 ? InternalErrors.forRequest(request)
                    : new ApiException(HttpStatus.valueOf(status), ErrorEntry.VALIDATION_ERROR,
                    "The request was not accepted (HTTP " + status + ").");
        };
    }
}
