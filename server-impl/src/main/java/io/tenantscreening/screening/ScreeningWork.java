package io.tenantscreening.screening;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;

/**
 * The screening of a pending order as background work (scheduled by {@link OrderLifecycle}
 * when the order becomes pending): one step at a time, again when a provider answers
 * later, with backoff when a provider fails; done when the order is completed or no
 * longer pending.
 */
@Singleton
public class ScreeningWork implements BackgroundWork {

    private final ScreeningService screening;
    private final WorkSettings settings;

    public ScreeningWork(ScreeningService screening, WorkSettings settings) {
        this.screening = screening;
        this.settings = settings;
    }

    @Override
    public Task<OrderRef> task() {
        return Tasks.custom(OrderLifecycle.SCREENING)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    OrderRef order = instance.getData();
                    if (screening.step(order.tenant(), order.orderId(), OrderLifecycle.Actor.SCREENING)
                            instanceof ScreeningService.AskAgain again) {
                        return (complete, operations) -> operations.reschedule(complete, again.at());
                    }
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }
}
