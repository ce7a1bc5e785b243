package io.tenantscreening.web;

import io.micronaut.core.propagation.PropagatedContext;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * For request filters that decide most requests on the event loop: moves the rest (a
 * database lookup, a body's schema check) onto an executor, with the request's propagated
 * context, so that it runs as it would have under {@code @ExecuteOn}.
 */
public final class Offload {

    private Offload() {
    }

    public static <T> CompletableFuture<T> onto(Executor executor, Supplier<T> work) {
        return CompletableFuture.supplyAsync(PropagatedContext.wrapCurrent(work), executor);
    }
}
