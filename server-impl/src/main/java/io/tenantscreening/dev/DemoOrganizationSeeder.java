package io.tenantscreening.dev;

import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.event.annotation.EventListener;
import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.organizations.Organization;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.persistence.MigrationsApplied;
import jakarta.inject.Singleton;


/**
 * Development convenience: when the service starts in the development environment on a
 * database without organisations (once its start has applied the migrations), it creates a demo organisation and prints a test key,
 * so the README's curl walk-through works at once. Never active in production.
 */
@Singleton
@Requires(property = "screening.environment", value = "development")
public class DemoOrganizationSeeder {

    private final OrganizationService organizations;
    private final ApiKeyService keys;

    public DemoOrganizationSeeder(OrganizationService organizations, ApiKeyService keys) {
        this.organizations = organizations;
        this.keys = keys;
    }

    @EventListener
    public void onStartup(MigrationsApplied event) {
        if (!organizations.none()) {
            return;
        }
        Organization demo = organizations.create("Demo organization");
        String key = keys.issue(demo.id(), Mode.TEST, Scope.FULL).secret();
        System.out.println("""

                Demo organisation %s created on this empty database.
                Its test API key (shown once, only a digest is stored):

                    export SCREENING_KEY=%s
                """.formatted(demo.id(), key));
    }
}
