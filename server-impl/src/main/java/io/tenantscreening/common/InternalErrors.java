package io.tenantscreening.common;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;

/** The one shape of a 500: a fixed sentence and the request id, never exception text. */
final class InternalErrors {

    private InternalErrors() {
    }

    static ApiException forRequest(HttpRequest<?> request) {
        String requestId = RequestIds.of(request);
        return new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
                "An unexpected error occurred; it is safe to retry. If it persists, contact support and quote request id "
                        + requestId + ".");
    }
}
