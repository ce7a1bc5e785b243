package io.tenantscreening.web;

import io.micronaut.http.HttpRequest;
import io.tenantscreening.common.Base62;

import java.security.SecureRandom;

/** Issues the per-request id that answers carry in the Request-Id header and logs repeat. */
public final class RequestIds {

    public static final String HEADER = "Request-Id";
    static final String ATTRIBUTE = "screening.request-id";
    private static final SecureRandom RANDOM = new SecureRandom();

    private RequestIds() {
    }

    /** A new id; {@link HttpConnection} gives it to answers made outside the request filters. */
    static String issue() {
        return "rq_" + Base62.random(RANDOM, 22);
    }

    public static String of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, String.class).orElse("unknown");
    }

    /** Whether the request filters never ran for this request (the HTTP decoder refused it). */
    static boolean isUnassigned(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, String.class).isEmpty();
    }

    /** Gives a request its id and answers it. */
    static String assign(HttpRequest<?> request) {
        String id = issue();
        request.setAttribute(ATTRIBUTE, id);
        return id;
    }
}
