package io.tenantscreening.payments;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.orders.OrderSettledListener;
import io.tenantscreening.orders.OrderStatus;
import jakarta.inject.Singleton;

import java.time.Instant;

/**
 * When an applicant-paid order is canceled, schedules the expiry of its open checkout
 * sessions ({@link PaymentWork#EXPIRE_SESSIONS}) in the cancel's transaction, so that the
 * applicant can no longer pay for an order that no longer wants the money; and of a session
 * opened after its order was canceled.
 */
@Singleton
public class CheckoutExpiry implements OrderSettledListener {

    private final SchedulerClient work;

    public CheckoutExpiry(SchedulerClient work) {
        this.work = work;
    }

    @Override
    public void settled(Tenant tenant, Order order, Instant at) {
        if (order.status() == OrderStatus.CANCELED && order.payment() != null) {
            work.scheduleIfNotExists(PaymentWork.EXPIRE_SESSIONS.instance(order.id()).data(OrderRef.of(tenant, order.id()))
                    .scheduledTo(at));
        }
    }

    /**
     * In the caller's transaction: a session the gateway opened for {@code checkoutId} after
     * its order stopped waiting for the payment (canceled while the pay button's request was
     * at the gateway, when the cancel's own expiry may have run already) is expired too.
     */
    void scheduleFor(Tenant tenant, String orderId, String checkoutId, Instant at) {
        work.scheduleIfNotExists(PaymentWork.EXPIRE_SESSIONS.instance(orderId + ":" + checkoutId)
                .data(OrderRef.of(tenant, orderId)).scheduledTo(at));
    }
}
