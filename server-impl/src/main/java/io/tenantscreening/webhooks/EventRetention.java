package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.persistence.Jdbc;
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
import java.util.Map;

/**
 * Removes the events created longer than {@code screening.events.retention} ago (30 days
 * by default), each with its webhook deliveries and their attempts, unless one of its
 * deliveries is still pending: that event stays, with all its deliveries, until none is.
 * event_sequences keeps its rows, so an object's later events go on counting. A recurring
 * sweep, every {@code screening.work.sweep-interval}, run by one instance at a time: the
 * oldest events first, a thousand at a time, each tenant's share of them removed in a short
 * transaction of its own that takes its rows with SKIP LOCKED and gives way when it would
 * wait for a lock (the next run takes what it left).
 */
@Singleton
public class EventRetention implements BackgroundWork {

    private static final Logger LOG = LoggerFactory.getLogger(EventRetention.class);
    private static final int BATCH = 1_000;

    private final EventRetentionRepository events;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;
    private final Duration retention;
    private final WorkSettings settings;

    public EventRetention(EventRetentionRepository events, TransactionOperations<Connection> transactions, Clock clock,
                          @Value("${screening.events.retention}") Duration retention, WorkSettings settings) {
        this.events = events;
        this.transactions = transactions;
        this.clock = clock;
        this.retention = positive(retention);
        this.settings = settings;
    }

    /** The retention as configured, refused unless it is longer than zero. */
    static Duration positive(Duration retention) {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalStateException("EVENT_RETENTION must be longer than zero, not " + retention);
        }
        return retention;
    }

    @Override
    public Task<Void> task() {
        return Tasks.recurring("remove-old-events", Schedules.fixedDelay(settings.getSweepInterval()))
                .execute((instance, context) -> sweep());
    }

    /** Removes what is past the retention now, one batch after another, until a batch is not full. */
    void sweep() {
        Instant cutoff = Timestamps.now(clock).minus(retention);
        long started = System.nanoTime();
        int removed = 0;
        OldEvents.Event after = null;
        OldEvents batch;
        try {
            do {
                OldEvents.Event from = after;
                batch = transactions.executeRead(status -> events.oldest(cutoff, from, BATCH));
                for (Map.Entry<Tenant, List<String>> tenant : batch.idsByTenant().entrySet()) {
                    removed += transactions.executeWrite(status -> events.remove(tenant.getKey(), tenant.getValue()));
                }
                after = batch.last();
            } while (batch.events().size() == BATCH);
        } catch (Jdbc.DataAccessException e) {
            if (!e.isLockTimeout()) {
                throw e;
            }
            LOG.info("gave way to a transaction holding a lock; the next run removes the rest");
        }
        if (removed > 0) {
            LOG.info("removed {} event(s) created before {}, with their webhook deliveries, in {} ms", removed, cutoff,
                    (System.nanoTime() - started) / 1_000_000);
        }
    }
}
