package io.tenantscreening.operator;

import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.common.Mode;
import io.tenantscreening.organizations.Organization;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.organizations.OwnRateLimits;
import io.tenantscreening.ratelimits.RateLimitSettings;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * {@code operator rate-limit set|list}: an organisation's own rate limits, which replace the
 * service's defaults (RATE_LIMIT_LIVE, RATE_LIMIT_TEST) for its keys; every instance applies
 * a change within 2 seconds.
 */
@Singleton
@Command(name = "rate-limit", description = "Set and list the rate limits of organisations' API keys.",
        mixinStandardHelpOptions = true)
public class RateLimitCommands {

    private static final String DEFAULT = "default";

    private final OrganizationService organizations;
    private final ApiKeyService keys;
    private final RateLimitSettings defaults;
    private final JsonOutput out;

    public RateLimitCommands(OrganizationService organizations, ApiKeyService keys, RateLimitSettings defaults,
                             JsonOutput out) {
        this.organizations = organizations;
        this.keys = keys;
        this.defaults = defaults;
        this.out = out;
    }

    @Command(name = "set", description = "Set the requests per second of each of the organisation's live and/or test keys; "
            + "omitted options keep their value, 'default' returns to the service's default.")
    public void set(@Option(names = "--org", required = true, description = "Organisation id (org_...).") String organizationId,
                    @Option(names = "--live", description = "Requests per second of each live key (1 to 1000000), or default.")
                    String live,
                    @Option(names = "--test", description = "Requests per second of each test key (1 to 1000000), or default.")
                    String test) throws Exception {
        if (live == null && test == null) {
            throw new IllegalArgumentException("name --live, --test or both");
        }
        OwnRateLimits current = organizations.rateLimits(organizationId);
        OwnRateLimits updated = organizations.setRateLimits(organizationId, new OwnRateLimits(
                live == null ? current.live() : parse("--live", live), test == null ? current.test() : parse("--test", test)));
        keys.rateLimitsChanged(organizationId);
        out.print(view(organizations.require(organizationId), updated));
    }

    @Command(name = "list", description = "List every organisation with the rate limits of its live and test keys.")
    public void list() throws Exception {
        List<OperatorViews.RateLimitView> views = organizations.list().stream()
                .map(organization -> view(organization, organizations.rateLimits(organization.id()))).toList();
        out.print(views);
    }

    private OperatorViews.RateLimitView view(Organization organization, OwnRateLimits own) {
        return new OperatorViews.RateLimitView(organization.id(), organization.name(),
                limit(own.live(), Mode.LIVE), limit(own.test(), Mode.TEST));
    }

    private OperatorViews.LimitView limit(Integer own, Mode mode) {
        return own != null ? new OperatorViews.LimitView(own, "organization")
                : new OperatorViews.LimitView(defaults.perSecond(mode), DEFAULT);
    }

    private static Integer parse(String option, String value) {
        if (value.equals(DEFAULT)) {
            return null;
        }
        try {
            int perSecond = Integer.parseInt(value);
            if (perSecond >= 1 && perSecond <= RateLimitSettings.MOST_PER_SECOND) {
                return perSecond;
            }
        } catch (NumberFormatException e) {
            // reported below, like a number out of range
        }
        throw new IllegalArgumentException(option + " must be a whole number of requests per second from 1 to "
                + RateLimitSettings.MOST_PER_SECOND + ", or default, not '" + value + "'");
    }
}
