package io.tenantscreening.disputes;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderView;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The description of how a dispute was reinvestigated, on the consumer's request (FCRA
 * section 611(a)(7): not later than 15 days after the request). A request is made on the
 * consumer's copy of their report, for a resolved dispute of its order: in one transaction,
 * the request (one per dispute: asking again changes nothing) with the day it is due, and the
 * background work that emails the description ({@link DisputeDescriptionEmails}) at once,
 * retried with backoff; in test mode, as every email, only to the applicant-experience profile.
 */
@Singleton
public class DisputeDescriptions {

    /** The email of a dispute's description. */
    public static final TaskDescriptor<DisputeRef> EMAIL = TaskDescriptor.of("email-dispute-description", DisputeRef.class);
    /** The longest the description may take after the request (FCRA section 611(a)(7)). */
    static final Duration WITHIN = Duration.ofDays(15);

    private final DisputeDescriptionRepository requests;
    private final DisputeRepository disputes;
    private final OrderService orders;
    private final DisputeDescriptionEmails emails;
    private final EmailSender sender;
    private final CopyPageLinks links;
    private final SchedulerClient work;
    private final TransactionOperations<Connection> transactions;
    private final DisputeSettings settings;
    private final Clock clock;

    public DisputeDescriptions(DisputeDescriptionRepository requests, DisputeRepository disputes, OrderService orders,
                               DisputeDescriptionEmails emails, EmailSender sender, CopyPageLinks links, SchedulerClient work,
                               TransactionOperations<Connection> transactions, DisputeSettings settings, Clock clock) {
        this.requests = requests;
        this.disputes = disputes;
        this.orders = orders;
        this.emails = emails;
        this.sender = sender;
        this.links = links;
        this.work = work;
        this.transactions = transactions;
        this.settings = settings;
        this.clock = clock;
    }

    /** A request as the consumer's page shows it: when it was made, by when it is due, and when its email went (null until then). */
    public record Requested(Instant requestedAt, Instant dueAt, Instant sentAt) {
    }

    /**
     * The consumer asks how a resolved dispute of the order was reinvestigated: the request
     * and its email's work, unless the dispute has a request already. 404 when the order has no
     * such resolved dispute.
     */
    public Requested request(Tenant tenant, String orderId, String disputeId) {
        return transactions.executeWrite(status -> {
            Dispute dispute = disputes.findById(tenant, disputeId).filter(found -> found.orderId().equals(orderId))
                    .filter(found -> found.status() == Dispute.Status.RESOLVED)
                    .orElseThrow(() -> ApiException.notFound("No resolved dispute with id '" + Echo.of(disputeId) + "' of this report."));
            Instant now = Timestamps.now(clock);
            if (requests.insert(tenant, dispute.id(), now, now.plus(WITHIN))) {
                work.scheduleIfNotExists(EMAIL.instance(dispute.id()).data(DisputeRef.of(tenant, dispute.id())).scheduledTo(now));
            }
            return requested(requests.find(tenant, dispute.id()).orElseThrow());
        });
    }

    /** The requests about the order's disputes, by dispute id. */
    public Map<String, Requested> ofOrder(Tenant tenant, String orderId) {
        return transactions.executeRead(status -> requests.ofOrder(tenant, orderId).stream()
                .collect(Collectors.toMap(DisputeDescriptionRepository.Request::disputeId, DisputeDescriptions::requested)));
    }

    /** Emails the description, as the request's background work; nothing once its email has ended. */
    void deliver(DisputeRef ref) {
        Tenant tenant = ref.tenant();
        boolean queued = transactions.executeRead(status -> requests.find(tenant, ref.disputeId())
                .map(request -> request.email() == DisputeDescriptionRepository.EmailState.QUEUED).orElse(false));
        if (!queued) {
            return;
        }
        EmailMessage message = transactions.executeWrite(status -> {
            Dispute dispute = disputes.findById(tenant, ref.disputeId()).orElseThrow();
            OrderView order = orders.get(tenant, dispute.orderId(), Set.of(Include.APPLICANT));
            if (tenant.mode() == Mode.TEST && !order.applicant().isApplicantExperienceProfile()) {
                return null;
            }
            Instant now = Timestamps.now(clock);
            return emails.message(dispute, disputes.procedure(tenant, dispute.id()), order.applicant(),
                    requests.find(tenant, dispute.id()).orElseThrow().requestedAt(),
                    links.newLink(tenant, dispute.orderId(), order.applicant().email(), now), settings.getReinvestigationDays());
        });
        if (message != null) {
            sender.send(message);
        }
        DisputeDescriptionRepository.EmailState state = message == null ? DisputeDescriptionRepository.EmailState.NOT_SENT_TEST_MODE
                : DisputeDescriptionRepository.EmailState.SENT;
        transactions.executeWrite(status -> requests.ended(tenant, ref.disputeId(), state, Timestamps.now(clock)));
    }

    private static Requested requested(DisputeDescriptionRepository.Request request) {
        return new Requested(request.requestedAt(), request.dueAt(),
                request.email() == DisputeDescriptionRepository.EmailState.SENT ? request.endedAt() : null);
    }
}
