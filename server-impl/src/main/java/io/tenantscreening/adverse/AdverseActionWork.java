package io.tenantscreening.adverse;

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

/**
 * The background work of adverse actions: the end of a response window (scheduled for its
 * deadline when the adverse action is taken), the email of each notice (scheduled when the
 * notice is made), both retried with backoff while they fail; and the sweep that takes the
 * live adverse actions whose requests died holding their Idempotency-Key. Each is safe to
 * run again: a window ends only while its adverse action is pending, an email is sent only
 * while its notice is queued. A window ended early (test helper) or canceled leaves its work
 * to find the adverse action no longer pending and do nothing.
 */
@Factory
public class AdverseActionWork {

    private static final Logger LOG = LoggerFactory.getLogger(AdverseActionWork.class);

    @Singleton
    @Named("adverse-action-window-end")
    BackgroundWork windowEnd(AdverseActionLifecycle lifecycle, WorkSettings settings) {
        return () -> Tasks.custom(AdverseActionLifecycle.WINDOW_END)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    AdverseActionRef ref = instance.getData();
                    lifecycle.endWindow(ref.tenant(), ref.adverseActionId());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("adverse-action-notice-email")
    BackgroundWork noticeEmail(NoticeDelivery delivery, WorkSettings settings) {
        return () -> Tasks.custom(AdverseActionNotices.EMAIL)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    delivery.deliver(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("adverse-action-abandoned-keys")
    BackgroundWork abandonedKeys(AdverseActionService service, WorkSettings settings) {
        return () -> Tasks.recurring("resume-abandoned-adverse-actions", Schedules.fixedDelay(settings.getSweepInterval()))
                .execute((instance, context) -> {
                    int resumed = service.resumeAbandoned();
                    if (resumed > 0) {
                        LOG.info("resumed {} abandoned adverse action request(s)", resumed);
                    }
                });
    }
}
