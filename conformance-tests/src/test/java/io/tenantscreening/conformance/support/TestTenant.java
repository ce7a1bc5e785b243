package io.tenantscreening.conformance.support;

import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.organizations.BillingSettings;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.organizations.OwnRateLimits;

import java.util.UUID;

/**
 * A fresh organisation of a test's own, made through the same services the operator
 * command line uses, so tests never share data.
 */
public final class TestTenant {

    private final String organizationId;

    private TestTenant(String organizationId) {
        this.organizationId = organizationId;
    }

    public static TestTenant create() {
        return new TestTenant(TestServer.bean(OrganizationService.class).create("Test org " + UUID.randomUUID()).id());
    }

    public String id() {
        return organizationId;
    }

    public IssuedKey key(Mode mode, Scope scope) {
        ApiKeyService.IssuedKey issued = TestServer.bean(ApiKeyService.class).issue(organizationId, mode, scope);
        return new IssuedKey(issued.record().id(), issued.secret());
    }

    public String testKey() {
        return key(Mode.TEST, Scope.FULL).secret();
    }

    public String liveKey() {
        return key(Mode.LIVE, Scope.FULL).secret();
    }

    /** Sets the organisation's billing state, as the operator command does. */
    public TestTenant billing(BillingSettings.PaymentMethod paymentMethod, boolean invoiced) {
        TestServer.bean(OrganizationService.class).updateBilling(organizationId, new BillingSettings(paymentMethod, invoiced));
        return this;
    }

    /**
     * Gives the organisation rate limits of its own (requests per second of each live and
     * each test key; null: the default), as the operator command does.
     */
    public TestTenant rateLimits(Integer live, Integer test) {
        TestServer.bean(OrganizationService.class).setRateLimits(organizationId, new OwnRateLimits(live, test));
        TestServer.bean(ApiKeyService.class).rateLimitsChanged(organizationId);
        return this;
    }

    /** An API key as issued: its id (for revoking) and its secret (for calling). */
    public record IssuedKey(String id, String secret) {
    }
}
