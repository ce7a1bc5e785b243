package io.tenantscreening.auth;

import io.micronaut.http.context.ServerRequestContext;
import io.tenantscreening.common.Mode;

/**
 * Who is calling: the organisation and mode of the API key that authenticated the
 * request. Every read and write below the controller is scoped by it.
 */
public record Caller(String organizationId, Mode mode, Scope scope) {

    static final String ATTRIBUTE = "screening.caller";

    /** The caller of the request being served; only valid behind {@link AuthenticationFilter}. */
    public static Caller current() {
        return ServerRequestContext.currentRequest()
                .flatMap(request -> request.getAttribute(ATTRIBUTE, Caller.class))
                .orElseThrow(() -> new IllegalStateException("no authenticated request in scope"));
    }
}
