package io.tenantscreening.operator;

import io.tenantscreening.requesters.RequesterService;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code operator requester deactivate}. */
@Singleton
@Command(name = "requester", description = "Manage original requesters.", mixinStandardHelpOptions = true)
public class RequesterCommands {

    private final RequesterService requesters;
    private final JsonOutput out;

    public RequesterCommands(RequesterService requesters, JsonOutput out) {
        this.requesters = requesters;
        this.out = out;
    }

    @Command(name = "deactivate", description = "Stop a requester from being used on new orders; "
            + "its existing orders keep it. Repeating it changes nothing.")
    public void deactivate(@Option(names = "--id", required = true, description = "Requester id (req_...).") String id) {
        out.print(OperatorViews.RequesterView.of(requesters.deactivate(id)
                .orElseThrow(() -> new IllegalArgumentException("no original requester with id " + id))));
    }
}
