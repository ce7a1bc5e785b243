package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Optional;

/**
 * Webhook deliveries as background work ({@link WebhookDeliveries}): a task per delivery
 * that runs again when its delivery is due again; failures of the service itself (the
 * database, say) retry with the usual backoff, apart from the delivery's own schedule.
 */
@Singleton
public class WebhookWork implements BackgroundWork {

    private final WebhookDeliveries deliveries;
    private final WorkSettings settings;

    public WebhookWork(WebhookDeliveries deliveries, WorkSettings settings) {
        this.deliveries = deliveries;
        this.settings = settings;
    }

    @Override
    public Task<DeliveryRef> task() {
        return Tasks.custom(WebhookDeliveries.DELIVERY)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    Optional<Instant> again = deliveries.run(instance.getData());
                    if (again.isPresent()) {
                        return (complete, operations) -> operations.reschedule(complete, again.get());
                    }
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }
}
