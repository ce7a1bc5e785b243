package io.tenantscreening.adverse;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.email.EmailRejected;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.events.EventService;
import io.tenantscreening.events.EventType;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Emails a notice to the applicant, as the notice's background work. A notice whose email
 * has ended (sent, not sent, undeliverable) is left alone, so running the work again does
 * nothing. In test mode only an applicant-experience profile ({@code @apply.test}) is
 * emailed; any other test notice is marked not sent. A failure is retried with backoff (the
 * work fails); a permanent refusal by the mail server ({@link EmailRejected}), or failures
 * for longer than {@code ADVERSE_ACTION_EMAIL_GIVE_UP_AFTER} since the notice was made, mark
 * it undeliverable with an adverse_action.notice_undeliverable event, both in one
 * transaction and only while it is queued, so once. Sending is at least once: an instance
 * that dies after the mail server took the message and before the notice is marked sent
 * sends it again when the work runs again.
 */
@Singleton
public class NoticeDelivery {

    private static final Logger LOG = LoggerFactory.getLogger(NoticeDelivery.class);
    private static final int LONGEST_ERROR = 1000;

    private final NoticeRepository stored;
    private final AdverseActionRepository actions;
    private final AdverseActionNotices notices;
    private final AdverseActionMapper mapper;
    private final EmailSender sender;
    private final EventService events;
    private final AdverseActionSettings settings;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public NoticeDelivery(NoticeRepository stored, AdverseActionRepository actions, AdverseActionNotices notices,
                          AdverseActionMapper mapper, EmailSender sender, EventService events, AdverseActionSettings settings,
                          TransactionOperations<Connection> transactions, Clock clock) {
        this.stored = stored;
        this.actions = actions;
        this.notices = notices;
        this.mapper = mapper;
        this.sender = sender;
        this.events = events;
        this.settings = settings;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** A notice whose email has not ended yet, and its adverse action. */
    private record Queued(NoticeRepository.Notice notice, AdverseAction action) {
    }

    void deliver(NoticeRef ref) {
        Tenant tenant = ref.tenant();
        Optional<Queued> found = transactions.executeRead(status -> stored.find(tenant, ref.adverseActionId(), ref.kind())
                .filter(notice -> notice.emailState() == NoticeRepository.EmailState.QUEUED)
                .map(notice -> new Queued(notice, actions.findById(tenant, ref.adverseActionId()).orElseThrow())));
        if (found.isEmpty()) {
            return;
        }
        Queued queued = found.get();
        if (tenant.mode() == Mode.TEST && !transactions.executeRead(status -> notices.applicant(tenant, queued.action()))
                .isApplicantExperienceProfile()) {
            end(ref, NoticeRepository.EmailState.NOT_SENT_TEST_MODE);
            return;
        }
        try {
            EmailMessage message = transactions.executeRead(status -> notices.email(tenant, queued.action(), queued.notice()));
            sender.send(message);
        } catch (EmailRejected rejected) {
            undeliverable(ref, describe(rejected));
            return;
        } catch (RuntimeException failure) {
            Instant now = Timestamps.now(clock);
            if (!now.isBefore(queued.notice().issuedAt().plus(settings.getEmailGiveUpAfter()))) {
                undeliverable(ref, describe(failure));
                return;
            }
            transactions.executeWrite(status -> {
                stored.failed(tenant, ref.adverseActionId(), ref.kind(), describe(failure));
                return null;
            });
            throw failure;
        }
        end(ref, NoticeRepository.EmailState.SENT);
    }

    private void end(NoticeRef ref, NoticeRepository.EmailState state) {
        transactions.executeWrite(status -> stored.ended(ref.tenant(), ref.adverseActionId(), ref.kind(), state,
                Timestamps.now(clock), null));
    }

    private void undeliverable(NoticeRef ref, String error) {
        Tenant tenant = ref.tenant();
        transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            if (stored.ended(tenant, ref.adverseActionId(), ref.kind(), NoticeRepository.EmailState.UNDELIVERABLE, now, error)) {
                AdverseAction action = actions.findById(tenant, ref.adverseActionId()).orElseThrow();
                events.record(tenant, EventType.ADVERSE_ACTION_NOTICE_UNDELIVERABLE, action.id(), mapper.json(action), null, now);
                LOG.warn("The {} notice of adverse action {} is undeliverable (its last error is kept with the notice)",
                        NoticeRepository.dbValue(ref.kind()), action.id());
            }
            return null;
        });
    }

    /** The failure and its causes, each as its class's simple name and message. */
    private static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null && text.length() < LONGEST_ERROR; cause = cause.getCause()) {
            text.append(text.isEmpty() ? "" : ": ").append(cause.getClass().getSimpleName())
                    .append(cause.getMessage() == null ? "" : ": " + cause.getMessage());
        }
        return text.length() > LONGEST_ERROR ? text.substring(0, LONGEST_ERROR) + "…" : text.toString();
    }
}
