package io.tenantscreening.webhooks;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.events.Event;
import io.tenantscreening.events.EventSubscriber;
import jakarta.inject.Singleton;

/**
 * In the transaction that records an event: one delivery for each endpoint of the tenant
 * that subscribes to its type, each with its {@code deliver-webhook} task, due at once.
 */
@Singleton
public class WebhookFanOut implements EventSubscriber {

    private final WebhookDeliveryRepository deliveries;
    private final SchedulerClient work;

    public WebhookFanOut(WebhookDeliveryRepository deliveries, SchedulerClient work) {
        this.deliveries = deliveries;
        this.work = work;
    }

    @Override
    public void recorded(Tenant tenant, Event event) {
        for (WebhookDeliveryRepository.Created delivery : deliveries.createFor(tenant, event)) {
            work.scheduleIfNotExists(WebhookDeliveries.DELIVERY.instance(delivery.id()).priority(WebhookDeliveries.PRIORITY)
                    .data(DeliveryRef.of(tenant, delivery.id())).scheduledTo(event.createdAt()));
        }
    }
}
