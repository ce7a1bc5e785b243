package io.tenantscreening.payments;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.micronaut.context.annotation.Factory;
import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The payments' background work, each written in the transaction of its cause and retried
 * with backoff until it succeeds: the built-in gateway's notification of a completed
 * checkout (signed, and taken by the same handler as a processor's); the refund of what an
 * order must give back; the applicant's receipt; the expiry of the sessions of a canceled
 * order, which ends once the gateway expired them or refused for good (a session completed
 * meanwhile: its payment is refunded).
 */
@Factory
public class PaymentWork {

    /** The built-in gateway's notification of one completed session (its id is the data). */
    public static final TaskDescriptor<String> BUILTIN_NOTIFICATION = TaskDescriptor.of("send-builtin-checkout-notification",
            String.class);

    /** The expiry of a canceled order's open sessions. */
    public static final TaskDescriptor<OrderRef> EXPIRE_SESSIONS = TaskDescriptor.of("expire-checkout-sessions", OrderRef.class);

    private static final Logger LOG = LoggerFactory.getLogger(PaymentWork.class);

    @Singleton
    @Named("builtin-checkout-notification")
    BackgroundWork builtInNotification(BuiltInCheckout builtIn, ApplicantPayments payments, WorkSettings settings) {
        return () -> Tasks.custom(BUILTIN_NOTIFICATION)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    BuiltInCheckout.SignedNotification notification = builtIn.notification(instance.getData());
                    payments.receive(BuiltInCheckout.NAME,
                            name -> BuiltInCheckout.SIGNATURE_HEADER.equalsIgnoreCase(name) ? notification.signatureHeader() : null,
                            notification.body());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("payment-refund")
    BackgroundWork refund(ApplicantPayments payments, WorkSettings settings) {
        return () -> Tasks.custom(OrderLifecycle.PAYMENT_REFUND)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    payments.refundDue(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("checkout-expiry")
    BackgroundWork expiry(ApplicantPayments payments, WorkSettings settings) {
        return () -> Tasks.custom(EXPIRE_SESSIONS)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    payments.expireOpen(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    @Singleton
    @Named("payment-receipt")
    BackgroundWork receipt(PaymentReceipts receipts, EmailSender email, WorkSettings settings) {
        return () -> Tasks.custom(OrderLifecycle.PAYMENT_RECEIPT)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    receipts.of(instance.getData()).ifPresentOrElse(email::send,
                            () -> LOG.info("Order {}: no receipt, its applicant has no email address", instance.getData().orderId()));
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }
}
