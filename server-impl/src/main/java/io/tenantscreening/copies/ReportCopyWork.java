package io.tenantscreening.copies;

import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.tenantscreening.email.EmailRejected;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.work.BackgroundWork;
import io.tenantscreening.work.RetryWithBackoff;
import io.tenantscreening.work.WorkLogFields;
import io.tenantscreening.work.WorkSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The email with a link to the applicant's copy, as background work scheduled in the
 * transaction that made the link ({@link ReportCopies}); for a link the applicant had sent to
 * another address, first the email telling the earlier address so. Sent at least once (a crash after
 * sending and before the link is marked sent sends the same link again), retried with
 * backoff while the mail server fails; a permanent refusal (an unknown address) ends it,
 * logged without the address. Once sent (or, for a test applicant other than the
 * applicant-experience profile, once passed over), the link keeps only its token's digest.
 */
@Singleton
public class ReportCopyWork implements BackgroundWork {

    private static final Logger LOG = LoggerFactory.getLogger(ReportCopyWork.class);

    private final ReportCopies copies;
    private final ReportCopyMessages messages;
    private final EmailSender email;
    private final WorkSettings settings;

    public ReportCopyWork(ReportCopies copies, ReportCopyMessages messages, EmailSender email, WorkSettings settings) {
        this.copies = copies;
        this.messages = messages;
        this.email = email;
        this.settings = settings;
    }

    @Override
    public Task<ReportCopies.LinkRef> task() {
        return Tasks.custom(ReportCopies.EMAIL)
                .onFailure(new RetryWithBackoff<>(settings))
                .execute((instance, context) -> {
                    copies.unsent(instance.getData()).ifPresent(link -> {
                        WorkLogFields.noteOrder(link.orderId());
                        ReportCopy copy = copies.copy(link);
                        if (link.movedFrom() != null && ReportCopies.emailed(link.tenant().mode(), link.movedFrom())) {
                            try {
                                email.send(messages.moved(copy));
                            } catch (EmailRejected rejected) {
                                LOG.warn("The mail server refused for good the email telling the earlier address that link {} "
                                        + "of order {} went to another address", link.id(), link.orderId());
                            }
                        }
                        try {
                            if (ReportCopies.emailed(link)) {
                                email.send(messages.email(copy, copies.url(link), copies.linkDays()));
                            }
                        } catch (EmailRejected rejected) {
                            LOG.warn("The mail server refused the email with link {} to the applicant's copy of the report of "
                                    + "order {} for good; it is not sent again", link.id(), link.orderId());
                        }
                        copies.sent(link);
                    });
                    return new CompletionHandler.OnCompleteRemove<>();
                });
    }
}
