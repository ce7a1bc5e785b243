package io.tenantscreening.operator;

import io.tenantscreening.crypto.SealingKeyInventory;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code operator sealing-key list|retire}. */
@Singleton
@Command(name = "sealing-key", mixinStandardHelpOptions = true,
        description = "Master keys that have sealed stored data: what each still seals, and retirement once it seals nothing.")
public class SealingKeyCommands {

    private final SealingKeyInventory keys;
    private final JsonOutput out;

    public SealingKeyCommands(SealingKeyInventory keys, JsonOutput out) {
        this.keys = keys;
        this.out = out;
    }

    @Command(name = "list", description = "List the recorded sealing keys with the stored data each still seals.")
    public void list() {
        out.print(keys.list().stream().map(OperatorViews.SealingKeyView::of).toList());
    }

    @Command(name = "retire", description = "Forget a key that seals nothing any more, so it can leave SCREENING_KEYS. "
            + "Refused while stored data still needs it.")
    public void retire(@Option(names = "--id", required = true, description = "Key id, as in SCREENING_KEYS.") String id) {
        out.print(OperatorViews.SealingKeyView.of(keys.retire(id)));
    }
}
