package io.tenantscreening.disputes;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportPdf;
import io.tenantscreening.reports.ReportService;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.util.Set;

/**
 * Emails the applicant the outcome of their resolved dispute ({@link DisputeEmails}), with the
 * applicant's PDF of the version of the report the resolution left (as their copy: without the
 * recommendation, with who requested the report) and a new link to their copy of the report
 * ({@link CopyPageLinks}, made as the email is, so each sending carries a link of its own), as
 * the dispute's background work. An email that has ended
 * (sent, or not sent in test mode) is left alone, so running the work again does nothing; in
 * test mode only an applicant-experience profile ({@code @apply.test}) is emailed. A failure
 * is retried with backoff. Sending is at least once: an instance that dies after the mail
 * server took the message and before the email is marked sent sends it again.
 */
@Singleton
public class DisputeOutcomes {

    private final DisputeRepository disputes;
    private final ReportService reports;
    private final OrderService orders;
    private final ReportPdf pdf;
    private final DisputeEmails emails;
    private final EmailSender sender;
    private final TransactionOperations<Connection> transactions;
    private final OrganizationService organizations;
    private final CopyPageLinks links;
    private final Clock clock;

    public DisputeOutcomes(DisputeRepository disputes, ReportService reports, OrderService orders, ReportPdf pdf,
                           DisputeEmails emails, EmailSender sender, TransactionOperations<Connection> transactions,
                           OrganizationService organizations, CopyPageLinks links, Clock clock) {
        this.organizations = organizations;
        this.links = links;
        this.clock = clock;
        this.disputes = disputes;
        this.reports = reports;
        this.orders = orders;
        this.pdf = pdf;
        this.emails = emails;
        this.sender = sender;
        this.transactions = transactions;
    }

    void deliver(DisputeRef ref) {
        Tenant tenant = ref.tenant();
        if (!transactions.executeRead(status -> disputes.emailQueued(tenant, ref.disputeId()))) {
            return;
        }
        EmailMessage message = transactions.executeWrite(status -> {
            Dispute dispute = disputes.findById(tenant, ref.disputeId()).orElseThrow();
            OrderView order = orders.get(tenant, dispute.orderId(),
                    Set.of(Include.PROPERTY, Include.APPLICANT, Include.ORIGINAL_REQUESTER));
            if (tenant.mode() == Mode.TEST && !order.applicant().isApplicantExperienceProfile()) {
                return null;
            }
            Report report = reports.get(tenant, dispute.reportId(), dispute.resolvedReportVersion().intValue());
            String procuredBy = order.requester() != null && order.requester().name() != null ? order.requester().name()
                    : organizations.require(tenant.organizationId()).name();
            return emails.message(dispute, order.applicant(), report.id(), pdf.renderForApplicant(report, order, procuredBy, null),
                    links.newLink(tenant, dispute.orderId(), order.applicant().email(), Timestamps.now(clock)));
        });
        if (message == null) {
            end(tenant, ref.disputeId(), DisputeRepository.EmailState.NOT_SENT_TEST_MODE);
            return;
        }
        sender.send(message);
        end(tenant, ref.disputeId(), DisputeRepository.EmailState.SENT);
    }

    private void end(Tenant tenant, String id, DisputeRepository.EmailState state) {
        transactions.executeWrite(status -> disputes.emailEnded(tenant, id, state));
    }
}
