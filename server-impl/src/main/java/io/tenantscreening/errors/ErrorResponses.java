package io.tenantscreening.errors;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;

/** Builds error responses in the envelope, for code paths that return rather than throw. */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    public static MutableHttpResponse<ErrorEnvelope> of(ApiException exception) {
        MutableHttpResponse<ErrorEnvelope> response = HttpResponse.<ErrorEnvelope>status(exception.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(exception.envelope());
        exception.headers().forEach(response::header);
        return response;
    }
}
