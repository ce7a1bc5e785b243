package io.tenantscreening.operator;

import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.organizations.Organization;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** {@code operator org create|list}. */
@Singleton
@Command(name = "org", description = "Create and list organisations.", mixinStandardHelpOptions = true)
public class OrganizationCommands {

    private final OrganizationService organizations;
    private final ApiKeyService keys;
    private final JsonOutput out;

    public OrganizationCommands(OrganizationService organizations, ApiKeyService keys, JsonOutput out) {
        this.organizations = organizations;
        this.keys = keys;
        this.out = out;
    }

    @Command(name = "create", description = "Create an organisation (billing: no payment method, not invoiced).")
    public void create(@Option(names = "--name", required = true, description = "Display name, 1 to 200 characters.") String name)
            throws Exception {
        if (name.isBlank() || name.length() > 200) {
            throw new IllegalArgumentException("--name must be 1 to 200 characters");
        }
        Organization organization = organizations.create(name.strip());
        out.print(OperatorViews.OrganizationView.of(organization, List.of()));
    }

    @Command(name = "list", description = "List all organisations with their billing state and keys (never the secrets).")
    public void list() throws Exception {
        List<OperatorViews.OrganizationView> views = new ArrayList<>();
        for (Organization organization : organizations.list()) {
            views.add(OperatorViews.OrganizationView.of(organization, keys.list(organization.id())));
        }
        out.print(views);
    }
}
