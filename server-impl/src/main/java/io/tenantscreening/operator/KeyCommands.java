package io.tenantscreening.operator;

import io.tenantscreening.auth.ApiKeyRecord;
import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.Arrays;
import java.util.Locale;
import java.util.NoSuchElementException;

/** {@code operator key issue|revoke|list}. */
@Singleton
@Command(name = "key", description = "Issue, revoke and list API keys.", mixinStandardHelpOptions = true)
public class KeyCommands {

    private final ApiKeyService keys;
    private final JsonOutput out;

    public KeyCommands(ApiKeyService keys, JsonOutput out) {
        this.keys = keys;
        this.out = out;
    }

    @Command(name = "issue", description = "Issue a key. The key is printed once and only its digest is stored.")
    public void issue(@Option(names = "--org", required = true, description = "Organisation id (org_...).") String organizationId,
                      @Option(names = "--mode", required = true, description = "test or live.") String mode,
                      @Option(names = "--scope", defaultValue = "full", description = "full (default) or read_only.") String scope)
            throws Exception {
        ApiKeyService.IssuedKey issued = keys.issue(organizationId, parse(Mode.class, "--mode", mode),
                parse(Scope.class, "--scope", scope));
        ApiKeyRecord key = issued.record();
        out.print(new OperatorViews.IssuedKeyView(key.id(), key.organizationId(), key.mode().dbValue(), key.scope().dbValue(),
                issued.secret(), key.createdAt()));
    }

    @Command(name = "revoke", description = "Revoke a key: it answers 401 from now on. Revoking twice is harmless.")
    public void revoke(@Option(names = "--key", required = true, description = "Key id (key_...).") String keyId) throws Exception {
        ApiKeyRecord key = keys.revoke(keyId).orElseThrow(() -> new NoSuchElementException("no key with id " + keyId));
        out.print(OperatorViews.KeyView.of(key));
    }

    @Command(name = "list", description = "List an organisation's keys (never the secrets).")
    public void list(@Option(names = "--org", required = true, description = "Organisation id (org_...).") String organizationId)
            throws Exception {
        out.print(keys.list(organizationId).stream().map(OperatorViews.KeyView::of).toList());
    }

    static <E extends Enum<E>> E parse(Class<E> type, String option, String value) {
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be one of "
                    + Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT)).toList()
                    + ", not '" + value + "'");
        }
    }
}
