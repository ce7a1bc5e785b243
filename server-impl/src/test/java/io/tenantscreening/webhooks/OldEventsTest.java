package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pure parts of the retention sweep (docs/design.md#background-work,
 * docs/operators.md#events-and-their-retention): its setting, and how a batch of old events
 * is taken apart.
 */
class OldEventsTest {

    private static final Tenant A_TEST = new Tenant("org_a", Mode.TEST);
    private static final Tenant A_LIVE = new Tenant("org_a", Mode.LIVE);
    private static final Tenant B_TEST = new Tenant("org_b", Mode.TEST);
    private static final Instant T = Instant.parse("2026-10-01T00:00:00Z");

    /** docs/design.md#background-work: events are removed by tenant (each tenant's in a statement of its own), oldest first. */
    @Test
    void aBatchIsRemovedTenantByTenantEachTenantsEventsOldestFirst() {
        OldEvents batch = new OldEvents(List.of(event(A_TEST, "evt_1", 0), event(B_TEST, "evt_2", 1), event(A_LIVE, "evt_3", 2),
                event(A_TEST, "evt_4", 3), event(B_TEST, "evt_5", 3)));

        Map<Tenant, List<String>> byTenant = batch.idsByTenant();

        assertThat(byTenant.keySet()).containsExactly(A_TEST, B_TEST, A_LIVE);
        assertThat(byTenant.get(A_TEST)).containsExactly("evt_1", "evt_4");
        assertThat(byTenant.get(B_TEST)).containsExactly("evt_2", "evt_5");
        assertThat(byTenant.get(A_LIVE)).containsExactly("evt_3");
    }

    /** docs/design.md#background-work: the next batch starts after the newest event of the last, so events kept back are not read again. */
    @Test
    void theNextBatchStartsAfterTheNewestEventOfThisOne() {
        OldEvents.Event newest = event(B_TEST, "evt_5", 3);

        assertThat(new OldEvents(List.of(event(A_TEST, "evt_1", 0), event(A_TEST, "evt_4", 3), newest)).last()).isEqualTo(newest);
        assertThat(new OldEvents(List.of()).last()).isNull();
    }

    /**
     * docs/operators.md#events-and-their-retention: the retention (EVENT_RETENTION) must be
     * longer than zero; none or a negative one would remove every event at once.
     */
    @Test
    void aRetentionOfZeroOrLessIsRefused() {
        assertThat(EventRetention.positive(Duration.ofDays(30))).isEqualTo(Duration.ofDays(30));
        assertThat(EventRetention.positive(Duration.ofMillis(1))).isEqualTo(Duration.ofMillis(1));
        assertThatThrownBy(() -> EventRetention.positive(Duration.ZERO)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("EVENT_RETENTION");
        assertThatThrownBy(() -> EventRetention.positive(Duration.ofDays(-1))).isInstanceOf(IllegalStateException.class);
    }

    private static OldEvents.Event event(Tenant tenant, String id, int secondsAfterT) {
        return new OldEvents.Event(tenant, id, T.plusSeconds(secondsAfterT));
    }
}
