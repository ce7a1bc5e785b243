package io.tenantscreening.web;

import io.micronaut.core.propagation.ThreadPropagatedContextElement;
import io.micronaut.http.HttpRequest;
import org.slf4j.MDC;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link LogFields} of one request, carried in its propagated context: whichever thread
 * works on the request has them in its logging context (MDC) while it does, and gets its own
 * context back afterwards. Fields noted later (the organisation once the API key is known)
 * reach the threads of the request's later steps.
 */
public final class RequestLogFields implements ThreadPropagatedContextElement<Map<String, String>> {

    static final String ATTRIBUTE = "screening.log-fields";

    private final Map<String, String> fields = new ConcurrentHashMap<>();

    private RequestLogFields(String requestId) {
        fields.put(LogFields.REQUEST_ID, requestId);
    }

    /** The request's fields; a request the filters never saw gets the fields of its id alone. */
    public static RequestLogFields of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, RequestLogFields.class).orElseGet(() -> {
            RequestLogFields fresh = new RequestLogFields(RequestIds.of(request));
            request.setAttribute(ATTRIBUTE, fresh);
            return fresh;
        });
    }

    static RequestLogFields forId(String requestId) {
        return new RequestLogFields(requestId);
    }

    public void put(String name, String value) {
        if (value != null) {
            fields.put(name, value);
        }
    }

    /** Runs this with the fields in this thread's logging context. */
    void around(Runnable work) {
        Map<String, String> previous = updateThreadContext();
        try {
            work.run();
        } finally {
            restoreThreadContext(previous);
        }
    }

    @Override
    public Map<String, String> updateThreadContext() {
        Map<String, String> previous = MDC.getCopyOfContextMap();
        fields.forEach(MDC::put);
        return previous;
    }

    @Override
    public void restoreThreadContext(Map<String, String> previous) {
        if (previous == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(previous);
        }
    }
}
