package io.tenantscreening.apply;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.micronaut.context.annotation.Factory;
import io.tenantscreening.common.Mode;
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

import java.util.function.Consumer;

/**
 * The invitations as background work, scheduled by {@link OrderLifecycle} in the
 * transaction that creates an order waiting for its applicant: the email, and for a live
 * order whose applicant has a phone number the text message. Each is sent at least once
 * (a crash after sending and before the work is marked done sends it again) and retried
 * with backoff while the mail server or the gateway refuses it. An order that no longer
 * waits (submitted or canceled meanwhile) gets no invitation.
 */
@Factory
public class InvitationWork {

    private static final Logger LOG = LoggerFactory.getLogger(InvitationWork.class);

    @Singleton
    @Named("invitation-email")
    BackgroundWork email(ApplyService apply, InvitationMessages messages, EmailSender email, WorkSettings settings) {
        return () -> task(OrderLifecycle.INVITATION_EMAIL, settings, order -> apply.invitation(order).ifPresentOrElse(
                invitation -> email.send(messages.email(invitation)), () -> skipped(order, "email")));
    }

    @Singleton
    @Named("invitation-sms")
    BackgroundWork textMessage(ApplyService apply, InvitationMessages messages, SmsSender sms, WorkSettings settings) {
        return () -> task(OrderLifecycle.INVITATION_SMS, settings, order -> {
            if (order.tenant().mode() != Mode.LIVE) {
                return;
            }
            apply.invitation(order).filter(invitation -> invitation.applicantPhoneNumber() != null).ifPresentOrElse(
                    invitation -> sms.send(invitation.applicantPhoneNumber(), messages.textMessage(invitation)),
                    () -> skipped(order, "text message"));
        });
    }

    private static Task<OrderRef> task(TaskDescriptor<OrderRef> descriptor, WorkSettings settings, Consumer<OrderRef> send) {
        return Tasks.custom(descriptor)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    send.accept(instance.getData());
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }

    private static void skipped(OrderRef order, String what) {
        LOG.info("Order {} no longer waits for its applicant: its invitation {} is not sent", order.orderId(), what);
    }
}
