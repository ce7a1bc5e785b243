package io.tenantscreening.reports;

import io.tenantscreening.common.Mode;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The results of a completed order: one check per check type it included, and the
 * report's result, consider when any check is.
 */
public record Report(String id, Mode mode, String orderId, List<CheckResult> checks, Instant createdAt, Instant completedAt) {

    public boolean consider() {
        return checks.stream().anyMatch(CheckResult::consider);
    }

    /**
     * The provider of every check, or when check types went to different providers their
     * names in alphabetical order, comma-separated.
     */
    public String provider() {
        return checks.stream().map(CheckResult::provider).distinct().sorted().collect(Collectors.joining(", "));
    }

    /** One check's result: its type (as the API names it), its provider, clear or consider, and its details (JSON). */
    public record CheckResult(String type, String provider, boolean consider, String details) {
    }
}
