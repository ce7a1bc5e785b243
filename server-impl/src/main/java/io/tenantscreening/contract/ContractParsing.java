package io.tenantscreening.contract;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import io.swagger.v3.oas.models.OpenAPI;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The two readings of the contract that the request checks need (the resolved model of
 * {@link ContractOperations} and the general validator of {@link ContractValidator}, both
 * from its JSON form, {@link OpenApiDocument#json()}) take 0.8 and 1.2 s on a small
 * machine. The start's background part (BackgroundStart) starts both on threads of their
 * own, so that they overlap with the migrations and the HTTP server's start; the beans then
 * take the results, or build them on the spot when nothing started them (the operator
 * command, tests that make their own context).
 */
public final class ContractParsing {

    private static CompletableFuture<OpenAPI> model;
    private static CompletableFuture<OpenApiInteractionValidator> validator;

    private ContractParsing() {
    }

    /** Starts both readings in the background; calling it again does nothing. */
    public static synchronized void start() {
        if (model == null) {
            // Logging is set up here, on this thread, first: the parsers log, and SLF4J would
            // otherwise warn (on stderr) that it replayed calls made while it was starting.
            LoggerFactory.getILoggerFactory();
            model = inBackground("contract-model", ContractOperations::parse);
            validator = inBackground("contract-validator", ContractValidator::newValidator);
        }
    }

    static OpenAPI model() {
        start();
        return model.join();
    }

    static OpenApiInteractionValidator validator() {
        start();
        return validator.join();
    }

    private static <T> CompletableFuture<T> inBackground(String name, Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            thread.start();
        });
    }
}
