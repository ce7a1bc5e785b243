package io.tenantscreening.orders;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Cancels invitations left unanswered for {@code screening.orders.invitation-expiry-days}
 * (30 by default), through the lifecycle like any cancel (audit row actor
 * {@code invitation_expiry}, order.canceled event). A recurring sweep: one instance runs it
 * at a time, every {@code screening.work.sweep-interval}.
 */
@Singleton
public class InvitationExpiry implements BackgroundWork {

    private static final Logger LOG = LoggerFactory.getLogger(InvitationExpiry.class);
    private static final int BATCH = 500;

    private final OrderRepository orders;
    private final OrderLifecycle lifecycle;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;
    private final Duration expiry;
    private final WorkSettings settings;

    public InvitationExpiry(OrderRepository orders, OrderLifecycle lifecycle, TransactionOperations<Connection> transactions,
                            Clock clock, @Value("${screening.orders.invitation-expiry-days}") int expiryDays,
                            WorkSettings settings) {
        if (expiryDays < 1) {
            throw new IllegalStateException("screening.orders.invitation-expiry-days must be at least 1, not " + expiryDays);
        }
        this.orders = orders;
        this.lifecycle = lifecycle;
        this.transactions = transactions;
        this.clock = clock;
        this.expiry = Duration.ofDays(expiryDays);
        this.settings = settings;
    }

    @Override
    public Task<Void> task() {
        return Tasks.recurring("expire-invitations", Schedules.fixedDelay(settings.getSweepInterval()))
                .execute((instance, context) -> sweep());
    }

    /** Cancels every invitation older than the expiry period, one batch at a time. */
    void sweep() {
        Instant cutoff = Timestamps.now(clock).minus(expiry);
        List<OrderRef> expired;
        do {
            expired = transactions.executeRead(status -> orders.waitingSince(cutoff, BATCH));
            for (OrderRef order : expired) {
                lifecycle.expire(order.tenant(), order.orderId());
            }
            if (!expired.isEmpty()) {
                LOG.info("canceled {} invitation(s) unanswered since before {}", expired.size(), cutoff);
            }
        } while (expired.size() == BATCH);
    }
}
