package io.tenantscreening.operator;

import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.organizations.BillingSettings;
import io.tenantscreening.organizations.Organization;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code operator billing set}. */
@Singleton
@Command(name = "billing", description = "Set an organisation's billing state.", mixinStandardHelpOptions = true)
public class BillingCommands {

    private final OrganizationService organizations;
    private final ApiKeyService keys;
    private final JsonOutput out;

    public BillingCommands(OrganizationService organizations, ApiKeyService keys, JsonOutput out) {
        this.organizations = organizations;
        this.keys = keys;
        this.out = out;
    }

    @Command(name = "set", description = "Change the payment method state and/or invoicing; omitted options keep their value.")
    public void set(@Option(names = "--org", required = true, description = "Organisation id (org_...).") String organizationId,
                    @Option(names = "--payment-method", description = "none, ok, declined or auth_required.") String paymentMethod,
                    @Option(names = "--invoiced", description = "true or false.") String invoiced) throws Exception {
        BillingSettings current = organizations.require(organizationId).billing();
        BillingSettings updated = new BillingSettings(
                paymentMethod == null ? current.paymentMethod()
                        : KeyCommands.parse(BillingSettings.PaymentMethod.class, "--payment-method", paymentMethod),
                invoiced == null ? current.invoiced() : parseBoolean(invoiced));
        Organization organization = organizations.updateBilling(organizationId, updated);
        out.print(OperatorViews.OrganizationView.of(organization, keys.list(organizationId)));
    }

    private static boolean parseBoolean(String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("--invoiced must be true or false, not '" + value + "'");
        };
    }
}
