package io.tenantscreening.operator;

import io.tenantscreening.work.WorkInventory;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code operator work list}. */
@Singleton
@Command(name = "work", mixinStandardHelpOptions = true,
        description = "Background work (screenings, sweeps): what is scheduled or running, attempts and last errors.")
public class WorkCommands {

    private final WorkInventory work;
    private final JsonOutput out;

    public WorkCommands(WorkInventory work, JsonOutput out) {
        this.work = work;
        this.out = out;
    }

    @Command(name = "list", description = "List background work, soonest first, with failures in a row and the last error.")
    public void list(@Option(names = "--failing", description = "Only work whose last attempt failed.") boolean failing,
                     @Option(names = "--limit", defaultValue = "100", description = "At most this many (default 100).") int limit) {
        if (limit < 1 || limit > 10_000) {
            throw new IllegalArgumentException("--limit must be from 1 to 10000, not " + limit);
        }
        out.print(work.list(failing, limit).stream().map(OperatorViews.WorkView::of).toList());
    }
}
