package io.tenantscreening.common;

import jakarta.inject.Singleton;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Whether this instance has finished starting: its database migrated and its background
 * workers running (the part of the start that runs beside the HTTP server's). Until then
 * readiness reports the migrations and workers as not up, and requests that need the
 * database wait for it.
 */
@Singleton
public class StartProgress {

    private final CompletableFuture<Void> finished = new CompletableFuture<>();

    public void finish() {
        finished.complete(null);
    }

    public boolean finished() {
        return finished.isDone();
    }

    /** Completes when the start has finished (at once when it has). */
    public CompletionStage<Void> whenFinished() {
        return finished.minimalCompletionStage();
    }
}
