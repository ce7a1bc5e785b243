package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Webhook deliveries as background work ({@link WebhookDeliveries}): a task per delivery,
 * tasks that drain an endpoint, each running again when {@link WebhookDeliveries} says, and
 * a recurring sweep for what a dead instance left behind;
 * failures of the service itself (the database, say) retry with the usual backoff, apart
 * from the deliveries' own schedule.
 */
final class WebhookWork {

    private WebhookWork() {
    }

    static <T> Task<T> task(TaskDescriptor<T> descriptor, Function<T, Optional<Instant>> run, WorkSettings settings) {
        return Tasks.custom(descriptor)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    Optional<Instant> again = run.apply(instance.getData());
                    if (again.isPresent()) {
                        return (complete, operations) -> operations.reschedule(complete, again.get());
                    }
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    /** The deliver-webhook task. */
    @Singleton
    static class Delivery implements BackgroundWork {

        private final WebhookDeliveries deliveries;
        private final WorkSettings settings;

        Delivery(WebhookDeliveries deliveries, WorkSettings settings) {
            this.deliveries = deliveries;
            this.settings = settings;
        }

        @Override
        public Task<DeliveryRef> task() {
            return WebhookWork.task(WebhookDeliveries.DELIVERY, deliveries::deliver, settings);
        }
    }

    /** The drain-webhook-endpoint task. */
    @Singleton
    static class Drain implements BackgroundWork {

        private final WebhookDeliveries deliveries;
        private final WorkSettings settings;

        Drain(WebhookDeliveries deliveries, WorkSettings settings) {
            this.deliveries = deliveries;
            this.settings = settings;
        }

        @Override
        public Task<EndpointRef> task() {
            return WebhookWork.task(WebhookDeliveries.DRAIN_ENDPOINT, deliveries::drain, settings);
        }
    }

    /** The resume-webhook-deliveries sweep, every {@code screening.work.sweep-interval}, one instance at a time. */
    @Singleton
    static class Sweep implements BackgroundWork {

        private final WebhookDeliveries deliveries;
        private final WorkSettings settings;

        Sweep(WebhookDeliveries deliveries, WorkSettings settings) {
            this.deliveries = deliveries;
            this.settings = settings;
        }

        @Override
        public Task<Void> task() {
            return Tasks.recurring("resume-webhook-deliveries", Schedules.fixedDelay(settings.getSweepInterval()))
                    .execute((instance, context) -> deliveries.resumeForgotten());
        }
    }
}
