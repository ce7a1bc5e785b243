package io.tenantscreening.screening;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;

/**
 * The screening of a criminal check that a conditional offer released after its order
 * completed (scheduled by {@link ConditionalOfferService} in the offer's transaction): one
 * step at a time ({@link ReleasedChecks#step}), again when the provider answers later, with
 * backoff when it fails; done when the report has the check, or there is nothing to ask.
 */
@Singleton
public class ReleasedCheckWork implements BackgroundWork {

    /** The released criminal check of a completed order, one instance per order. */
    public static final TaskDescriptor<OrderRef> RELEASED_CHECK = TaskDescriptor.of("screen-released-check", OrderRef.class);

    private final ReleasedChecks released;
    private final WorkSettings settings;

    public ReleasedCheckWork(ReleasedChecks released, WorkSettings settings) {
        this.released = released;
        this.settings = settings;
    }

    @Override
    public Task<OrderRef> task() {
        return Tasks.custom(RELEASED_CHECK)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    OrderRef order = instance.getData();
                    if (released.step(order.tenant(), order.orderId()) instanceof ScreeningService.AskAgain again) {
                        return (complete, operations) -> operations.reschedule(complete, again.at());
                    }
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }
}
