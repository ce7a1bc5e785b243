package io.tenantscreening.persistence;

/**
 * Published once the service's start has applied the migrations (BackgroundStart), before it
 * starts the background workers: what must run at the start and needs the tables listens to it.
 */
public record MigrationsApplied() {
}
