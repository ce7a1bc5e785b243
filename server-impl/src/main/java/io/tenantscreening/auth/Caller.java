package io.tenantscreening.auth;

import io.micronaut.http.context.ServerRequestContext;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;

/**
 * Who is calling: the tenant (organisation and mode) of the API key that authenticated the
 * request, what the key may do, the key's id, and its organisation's own rate limit for the
 * mode (requests per second; null where the service's default applies). Controllers hand
 * its tenant to the services.
 */
public record Caller(Tenant tenant, Scope scope, String keyId, Integer rateLimit) {

    static final String ATTRIBUTE = "screening.caller";

    public String organizationId() {
        return tenant.organizationId();
    }

    public Mode mode() {
        return tenant.mode();
    }

    /** The caller of the request being served; only valid behind {@link AuthenticationFilter}. */
    public static Caller current() {
        return ServerRequestContext.currentRequest()
                .flatMap(request -> request.getAttribute(ATTRIBUTE, Caller.class))
                .orElseThrow(() -> new IllegalStateException("no authenticated request in scope"));
    }
}
