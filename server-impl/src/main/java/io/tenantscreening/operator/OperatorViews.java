package io.tenantscreening.operator;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.serde.annotation.Serdeable;
import io.tenantscreening.auth.ApiKeyRecord;
import io.tenantscreening.crypto.SealingKeyRepository;
import io.tenantscreening.disputes.Dispute;
import io.tenantscreening.disputes.Intake;
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

    /** A dispute the agency's staff opened: what the API shows of it, and how it was received. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record DisputeView(String id, String organization_id, String mode, String order_id, String report_id, String status,
                       String received_via, Instant created_at, Instant deadline, List<DisputeItemView> items, String reason) {
        static DisputeView of(Dispute dispute, String organizationId, Intake.Channel channel) {
            return new DisputeView(dispute.id(), organizationId, dispute.mode().dbValue(), dispute.orderId(), dispute.reportId(),
                    dispute.status().value(), channel.value(), dispute.createdAt(), dispute.deadline(),
                    dispute.items().stream().map(item -> new DisputeItemView(item.check().value(), item.record())).toList(),
                    dispute.reason());
        }
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record DisputeItemView(String check, Integer record) {
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
