package io.tenantscreening.web;

import io.micronaut.core.propagation.PropagatedContext;
import org.slf4j.MDC;

/**
 * The names under which a log line carries what it concerns: its keys in the logging
 * context (MDC), which LOG_FORMAT=json writes as fields of their own
 * (docs/operators.md#observability). A request's lines carry its request id, and once its
 * API key is known its organisation and mode; lines of background work carry its task and
 * what it works on (organisation, mode, order).
 */
public final class LogFields {

    public static final String REQUEST_ID = "request_id";
    public static final String ORGANIZATION_ID = "organization_id";
    public static final String MODE = "mode";
    public static final String ORDER_ID = "order_id";
    public static final String TASK = "task";

    private LogFields() {
    }

    /**
     * Adds a field to the lines of the request this thread works on, from here on (on this
     * thread, and on the threads its later steps run on); outside a request it does nothing.
     */
    public static void noteForRequest(String name, String value) {
        PropagatedContext.getOrEmpty().find(RequestLogFields.class).ifPresent(fields -> {
            fields.put(name, value);
            MDC.put(name, value);
        });
    }
}
