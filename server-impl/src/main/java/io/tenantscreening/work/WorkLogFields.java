package io.tenantscreening.work;

import com.github.kagkarlsson.scheduler.event.ExecutionChain;
import com.github.kagkarlsson.scheduler.event.ExecutionInterceptor;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import io.tenantscreening.web.LogFields;
import jakarta.inject.Singleton;
import org.slf4j.MDC;

import java.util.Map;

/**
 * While a task runs, its thread's logging context (MDC) names the task and, for
 * {@link TenantWork}, its organisation, mode and order: every line the work logs carries
 * them. The thread gets its own context back when the task ends.
 */
@Singleton
public class WorkLogFields implements ExecutionInterceptor {

    /** Adds the order to the lines of the running task from here on, for work whose data does not name it. */
    public static void noteOrder(String orderId) {
        MDC.put(LogFields.ORDER_ID, orderId);
    }

    /**
     * Adds the order to the lines of the running task until the returned scope is closed, for
     * work that goes through several orders in turn; with a null order, nothing. Closing
     * gives the field its value from before.
     */
    public static OrderScope aboutOrder(String orderId) {
        String before = MDC.get(LogFields.ORDER_ID);
        if (orderId != null) {
            MDC.put(LogFields.ORDER_ID, orderId);
        }
        return () -> {
            if (before == null) {
                MDC.remove(LogFields.ORDER_ID);
            } else {
                MDC.put(LogFields.ORDER_ID, before);
            }
        };
    }

    /** The lines of a task that name one order ({@link #aboutOrder}); closing ends it. */
    public interface OrderScope extends AutoCloseable {
        @Override
        void close();
    }

    @Override
    public CompletionHandler<?> execute(TaskInstance<?> instance, ExecutionContext context, ExecutionChain chain) {
        Map<String, String> previous = MDC.getCopyOfContextMap();
        MDC.put(LogFields.TASK, instance.getTaskName());
        if (instance.getData() instanceof TenantWork work) {
            MDC.put(LogFields.ORGANIZATION_ID, work.organizationId());
            MDC.put(LogFields.MODE, work.mode());
            if (work.orderId() != null) {
                MDC.put(LogFields.ORDER_ID, work.orderId());
            }
        }
        try {
            return chain.proceed(instance, context);
        } finally {
            if (previous == null) {
                MDC.clear();
            } else {
                MDC.setContextMap(previous);
            }
        }
    }
}
