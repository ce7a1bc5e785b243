package io.tenantscreening.disputes;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.email.EmailSender;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinsertions;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The written notice to the consumer that information deleted after their dispute was put
 * back in a report because its furnisher certified it complete and accurate (FCRA section
 * 611(a)(5)(B)(ii) and (iii)): (I) that it was reinserted, (II) the furnisher's business name
 * and address and its telephone number, or that none is available, and (III) the right to add
 * a statement to the file disputing its accuracy or completeness, on their copy of the report,
 * which it links to. Emailed as background work scheduled when the report is made
 * ({@link Reinsertions}), at once and well before the fifth business day; in test mode only to
 * the applicant-experience profile, as every test email.
 */
@Singleton
public class ReinsertionNotices {

    static final String SUBJECT = "Information was put back in your screening file";

    private final Reinsertions reinsertions;
    private final OrderService orders;
    private final CopyPageLinks links;
    private final EmailSender sender;
    private final AgencySettings agency;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public ReinsertionNotices(Reinsertions reinsertions, OrderService orders, CopyPageLinks links, EmailSender sender,
                              AgencySettings agency, TransactionOperations<Connection> transactions, Clock clock) {
        this.reinsertions = reinsertions;
        this.orders = orders;
        this.links = links;
        this.sender = sender;
        this.agency = agency;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** What one notice tells of, and to whom: every reinsertion into one report whose notice is still to go. */
    private record Notice(List<Reinsertions.Reinsertion> told, EmailMessage message) {
    }

    void deliver(Reinsertions.Ref ref) {
        Tenant tenant = ref.tenant();
        Notice notice = transactions.executeWrite(status -> {
            List<Reinsertions.Reinsertion> queued = reinsertions.queued(tenant, ref.orderId());
            if (queued.isEmpty()) {
                return null;
            }
            Applicant applicant = orders.get(tenant, ref.orderId(), Set.of(Include.APPLICANT)).applicant();
            if (tenant.mode() == Mode.TEST && !applicant.isApplicantExperienceProfile()) {
                return new Notice(queued, null);
            }
            return new Notice(queued, message(applicant, queued,
                    links.newLink(tenant, ref.orderId(), applicant.email(), Timestamps.now(clock))));
        });
        if (notice == null) {
            return;
        }
        if (notice.message() != null) {
            sender.send(notice.message());
        }
        Instant now = Timestamps.now(clock);
        transactions.executeWrite(status -> {
            reinsertions.noticeEnded(tenant, notice.told(), notice.message() == null ? Reinsertions.NoticeState.NOT_SENT_TEST_MODE
                    : Reinsertions.NoticeState.SENT, now);
            return null;
        });
    }

    EmailMessage message(Applicant applicant, List<Reinsertions.Reinsertion> told, String copyPage) {
        String greeting = "Dear " + applicant.firstName() + " " + applicant.lastName() + ",";
        String opening = "Information that we had removed from your file after you disputed it has been put back (reinserted) in "
                + "your file on " + ReportSections.day(LocalDate.ofInstant(told.get(0).reinsertedAt(), agency.getTimeZone()))
                + ", in a screening report about you, because the business that furnished it certified to us that it is complete "
                + "and accurate:";
        List<String> lines = told.stream().map(ReinsertionNotices::line).toList();
        String statement = "You have the right to add a statement to your file disputing the accuracy or completeness of this "
                + "information (FCRA section 611(b)). You can add it, or dispute the information again, on your report's page: "
                + copyPage;
        String signature = DisputeEmails.signature(agency);
        String text = greeting + "\n\n" + opening + "\n\n" + String.join("\n", lines.stream().map(line -> "- " + line).toList())
                + "\n\n" + statement + "\n\n" + signature + "\n";
        String html = "<p>" + DisputeEmails.escape(greeting) + "</p>\n<p>" + DisputeEmails.escape(opening) + "</p>\n<ul>\n"
                + String.join("", lines.stream().map(line -> "<li>" + DisputeEmails.escape(line) + "</li>\n").toList())
                + "</ul>\n<p>You have the right to add a statement to your file disputing the accuracy or completeness of this "
                + "information (FCRA section 611(b)). You can add it, or dispute the information again, on <a href=\""
                + DisputeEmails.escape(copyPage) + "\">your report's page</a>.</p>\n<p>" + DisputeEmails.escape(signature) + "</p>\n";
        return new EmailMessage(applicant.email(), SUBJECT, text, html, List.of());
    }

    /** One reinserted record or check's findings, and who certified it: business name, address, telephone number where available. */
    static String line(Reinsertions.Reinsertion reinsertion) {
        Findings.Source furnisher = reinsertion.furnisher();
        String what = reinsertion.wholeCheck()
                ? "The findings of your " + ReportSections.title(reinsertion.check().value()).toLowerCase(Locale.US) + " check"
                : (reinsertion.check().value().equals("eviction") ? "The eviction record" : "The criminal record") + " filed "
                + ReportSections.day(reinsertion.record().filedOn()) + " at " + reinsertion.record().court() + " ("
                + reinsertion.record().description() + ")";
        return what + ", certified by " + furnisher.name() + ", " + furnisher.address() + ", "
                + (furnisher.phone() == null || furnisher.phone().isBlank() ? "whose telephone number is not available to us."
                : "telephone " + furnisher.phone() + ".");
    }
}
