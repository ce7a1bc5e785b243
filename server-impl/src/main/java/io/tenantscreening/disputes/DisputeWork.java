package io.tenantscreening.disputes;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import io.micronaut.context.annotation.Factory;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The background work of disputes: the reinvestigation of each (scheduled when it is opened;
 * again when a provider answers later, never after the deadline; with backoff when a provider
 * fails), the outcome email of each (scheduled when it is resolved), and the sweep that
 * deletes what is disputed in open disputes whose period has ended (the scheduler keeps real
 * time, the deadline is the service's). Each is safe to run again and on any instance: a
 * dispute is resolved only while it is open, under its lock; an email is sent only while it
 * is queued.
 */
@Factory
public class DisputeWork {

    private static final Logger LOG = LoggerFactory.getLogger(DisputeWork.class);
    private static final int BATCH = 100;

    @Singleton
    @Named("dispute-reinvestigation")
    BackgroundWork reinvestigation(DisputeService disputes, WorkSettings settings) {
        return () -> Tasks.custom(DisputeService.REINVESTIGATION)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    DisputeRef ref = instance.getData();
                    if (disputes.step(ref.tenant(), ref.disputeId()) instanceof DisputeService.AskAgain again) {
                        return (complete, operations) -> operations.reschedule(complete, again.at());
                    }
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("dispute-outcome-email")
    BackgroundWork outcomeEmail(DisputeOutcomes outcomes, WorkSettings settings) {
        return () -> Tasks.custom(DisputeService.OUTCOME_EMAIL)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    outcomes.deliver(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("dispute-overdue")
    BackgroundWork overdue(DisputeService disputes, WorkSettings settings) {
        return () -> Tasks.recurring("delete-overdue-disputes", Schedules.fixedDelay(settings.getSweepInterval()))
                .execute((instance, context) -> {
                    List<DisputeRef> overdue;
                    do {
                        overdue = disputes.overdue(BATCH);
                        overdue.forEach(ref -> disputes.resolveOverdue(ref.tenant(), ref.disputeId()));
                        if (!overdue.isEmpty()) {
                            LOG.info("deleted the disputed records of {} dispute(s) not verified within their period", overdue.size());
                        }
                    } while (overdue.size() == BATCH);
                });
    }
}
