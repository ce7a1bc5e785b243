package io.tenantscreening.disputes;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.micronaut.context.annotation.Factory;
import io.tenantscreening.screening.Reinsertions;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * The background work of the notices a consumer is owed after a dispute: the description of
 * how a dispute was reinvestigated, on request (FCRA section 611(a)(7); {@link DisputeDescriptions}),
 * and the notice that deleted information was reinserted (611(a)(5)(B); {@link ReinsertionNotices}).
 * Each is sent at once and retried with backoff while the mail server fails, at least once;
 * running one again after its email ended does nothing.
 */
@Factory
public class DisputeNoticeWork {

    @Singleton
    @Named("dispute-description-email")
    BackgroundWork description(DisputeDescriptions descriptions, WorkSettings settings) {
        return () -> Tasks.custom(DisputeDescriptions.EMAIL)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    descriptions.deliver(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("reinsertion-notice-email")
    BackgroundWork reinsertion(ReinsertionNotices notices, WorkSettings settings) {
        return () -> Tasks.custom(Reinsertions.NOTICE)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    notices.deliver(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }
}
