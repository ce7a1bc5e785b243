package io.tenantscreening.events;

import io.tenantscreening.contract.ApiVersion;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#versioning, docs/integrators.md#versions and the contract's EventType: the
 * event types are the contract's, and the types that came with version 2026-11-25
 * (adverse_action.*, report.disputed, order.payment_succeeded and order.payment_failed;
 * docs/integrators.md#events) and with 2026-11-28 (dispute.*, rental_application.*,
 * order.payment_refund_failed) exist from it on, every other type in every version.
 */
class EventTypeTest {

    @Test
    void theTypesAreTheOnesOfTheContract() {
        assertThat(Arrays.stream(EventType.values()).map(EventType::value))
                .containsExactlyElementsOf(Arrays.stream(io.tenantscreening.api.model.EventType.values())
                        .map(io.tenantscreening.api.model.EventType::getValue).toList());
    }

    @Test
    void version20260429HasNoAdverseActionEvents() {
        assertThat(EventType.ofVersion(ApiVersion.V2026_04_29)).extracting(EventType::value)
                .containsExactly("order.pending", "order.completed", "order.canceled", "report.completed", "report.updated");
        assertThat(EventType.ADVERSE_ACTION_CREATED.existsIn(ApiVersion.V2026_04_29)).isFalse();
        assertThat(EventType.ORDER_PENDING.existsIn(ApiVersion.V2026_04_29)).isTrue();
    }

    @Test
    void version20261125HasEveryTypeButTheDisputeRentalApplicationAndRefundFailedEvents() {
        assertThat(EventType.ofVersion(ApiVersion.V2026_11_25)).extracting(EventType::value)
                .doesNotContain("dispute.created", "dispute.resolved", "dispute.statement_added", "rental_application.completed",
                        "rental_application.canceled", "rental_application.member_added", "order.payment_refund_failed")
                .contains("adverse_action.created", "report.disputed", "order.payment_failed")
                .hasSize(EventType.values().length - 7);
        assertThat(Arrays.stream(EventType.values()).filter(type -> type.value().startsWith("adverse_action.")))
                .hasSize(4).allMatch(type -> type.since() == ApiVersion.V2026_11_25);
    }

    /**
     * openapi.yaml#versioning: the dispute.*, rental_application.* and
     * order.payment_refund_failed events came with 2026-11-28, the newest version, which
     * has every type.
     */
    @Test
    void version20261128HasEveryType() {
        assertThat(EventType.ofVersion(ApiVersion.V2026_11_28)).containsExactly(EventType.values());
        assertThat(Arrays.stream(EventType.values()).filter(type -> type.value().startsWith("dispute.")))
                .containsExactly(EventType.DISPUTE_CREATED, EventType.DISPUTE_RESOLVED, EventType.DISPUTE_STATEMENT_ADDED)
                .allMatch(type -> type.since() == ApiVersion.V2026_11_28);
        assertThat(Arrays.stream(EventType.values()).filter(type -> type.value().startsWith("rental_application.")))
                .containsExactly(EventType.RENTAL_APPLICATION_COMPLETED, EventType.RENTAL_APPLICATION_CANCELED,
                        EventType.RENTAL_APPLICATION_MEMBER_ADDED)
                .allMatch(type -> type.since() == ApiVersion.V2026_11_28);
        assertThat(EventType.ORDER_PAYMENT_REFUND_FAILED.since()).isEqualTo(ApiVersion.V2026_11_28);
    }

    /** docs/integrators.md#versions: report.disputed is new in 2026-11-25, so clients of 2026-04-29 never see it. */
    @Test
    void reportDisputedExistsFrom20261125On() {
        assertThat(EventType.REPORT_DISPUTED.value()).isEqualTo("report.disputed");
        assertThat(EventType.REPORT_DISPUTED.since()).isEqualTo(ApiVersion.V2026_11_25);
        assertThat(EventType.REPORT_DISPUTED.existsIn(ApiVersion.V2026_04_29)).isFalse();
    }

    @Test
    void theRefusalOfATypeNamesTheTypesOfTheVersionAndTheVersion() {
        assertThat(EventType.notIn(ApiVersion.V2026_04_29)).isEqualTo("Must be one of: order.pending, order.completed, "
                + "order.canceled, report.completed, report.updated (the event types of API version 2026-04-29).");
    }
}
