package io.tenantscreening.operator;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.serde.annotation.Serdeable;
import io.tenantscreening.auth.ApiKeyRecord;
import io.tenantscreening.crypto.SealingKeyRepository;
import io.tenantscreening.organizations.Organization;
import io.tenantscreening.requesters.OriginalRequester;
import io.tenantscreening.work.WorkInventory;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The JSON shapes the operator command prints. */
final class OperatorViews {

    private OperatorViews() {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record OrganizationView(String id, String name, Instant created_at, BillingView billing, List<KeyView> keys) {
        static OrganizationView of(Organization organization, List<ApiKeyRecord> keys) {
            return new OrganizationView(organization.id(), organization.name(), organization.createdAt(),
                    new BillingView(organization.billing().paymentMethod().dbValue(), organization.billing().invoiced()),
                    keys.stream().map(KeyView::of).toList());
        }
    }

    @Serdeable
    record BillingView(String payment_method, boolean invoiced) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record KeyView(String id, String organization_id, String mode, String scope, String key_hint, Instant created_at,
                   Instant revoked_at) {
        static KeyView of(ApiKeyRecord key) {
            return new KeyView(key.id(), key.organizationId(), key.mode().dbValue(), key.scope().dbValue(),
                    "sk_" + key.mode().dbValue() + "_…" + key.last4(), key.createdAt(), key.revokedAt());
        }
    }

    /** An organisation's rate limits: each mode's requests per second per key, and whether its own or the default. */
    @Serdeable
    record RateLimitView(String organization_id, String name, LimitView live, LimitView test) {
    }

    @Serdeable
    record LimitView(int requests_per_second, String source) {
    }

    /** A key as printed once at issue time: the only moment the secret is shown. */
    @Serdeable
    record IssuedKeyView(String id, String organization_id, String mode, String scope, String key, Instant created_at) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record RequesterView(String id, String external_id, String type, String name, Instant created_at,
                         Instant deactivated_at) {
        static RequesterView of(OriginalRequester requester) {
            return new RequesterView(requester.id(), requester.externalId(), requester.type(), requester.name(),
                    requester.createdAt(), requester.deactivatedAt());
        }
    }

    @Serdeable
    record SealingKeyView(String id, Instant first_sealed_at, Map<String, Long> sealing) {
        static SealingKeyView of(SealingKeyRepository.RecordedKey key) {
            return new SealingKeyView(key.id(), key.firstSealedAt(), key.sealing());
        }
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record WorkView(String task, String instance, Instant runs_at, boolean running, String running_on, Instant last_heartbeat,
                    int failures_in_a_row, String last_error, Instant last_failure, Instant last_success) {
        static WorkView of(WorkInventory.Work work) {
            return new WorkView(work.task(), work.instance(), work.runsAt(), work.running(), work.runningOn(),
                    work.lastHeartbeat(), work.failuresInARow(), work.lastError(), work.lastFailure(), work.lastSuccess());
        }
    }
}
