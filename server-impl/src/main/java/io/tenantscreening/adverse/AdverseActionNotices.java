package io.tenantscreening.adverse;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.notices.NoticeDocuments;
import io.tenantscreening.notices.NoticeEmails;
import io.tenantscreening.notices.NoticeFacts;
import io.tenantscreening.notices.NoticeKind;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportPdf;
import io.tenantscreening.reports.ReportService;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Set;

/**
 * The notices of adverse actions: what each says (its {@link NoticeFacts}, from the
 * adverse action, its order's applicant, property and original requester, the organisation
 * and the report), issuing one (its PDF made and stored, and its email scheduled as
 * background work, in the caller's transaction), and the email that carries it. The facts
 * are read again for the email from the same records and the notice's own time, so the
 * email says what the stored PDF says.
 */
@Singleton
public class AdverseActionNotices {

    /** The email of one notice. */
    public static final TaskDescriptor<NoticeRef> EMAIL = TaskDescriptor.of("send-adverse-action-notice", NoticeRef.class);

    private static final Set<Include> PARTIES = Set.of(Include.PROPERTY, Include.APPLICANT, Include.ORIGINAL_REQUESTER);

    private final NoticeRepository notices;
    private final NoticeDocuments documents;
    private final NoticeEmails emails;
    private final OrderService orders;
    private final ReportService reports;
    private final ReportPdf reportPdf;
    private final OrganizationService organizations;
    private final SchedulerClient work;

    public AdverseActionNotices(NoticeRepository notices, NoticeDocuments documents, NoticeEmails emails, OrderService orders,
                                ReportService reports, ReportPdf reportPdf, OrganizationService organizations,
                                SchedulerClient work) {
        this.notices = notices;
        this.documents = documents;
        this.emails = emails;
        this.orders = orders;
        this.reports = reports;
        this.reportPdf = reportPdf;
        this.organizations = organizations;
        this.work = work;
    }

    /** Makes the notice at {@code at}, stores its PDF and schedules its email; in the caller's transaction. */
    void issue(Tenant tenant, AdverseAction action, NoticeKind kind, Instant at) {
        byte[] pdf = documents.render(facts(tenant, action, kind, at, sources(tenant, action)));
        notices.insert(tenant, action.id(), kind, pdf, at);
        NoticeRef ref = NoticeRef.of(tenant, action.id(), kind);
        work.scheduleIfNotExists(EMAIL.instance(ref.workId()).data(ref).scheduledTo(at));
    }

    /**
     * The email of a stored notice: the notice's PDF attached and, for the pre-adverse
     * notice, the applicant's copy of the report (as their report page offers it: who
     * requested it, and not the landlord's recommendation).
     */
    EmailMessage email(Tenant tenant, AdverseAction action, NoticeRepository.Notice notice) {
        Sources sources = sources(tenant, action);
        NoticeFacts facts = facts(tenant, action, notice.kind(), notice.issuedAt(), sources);
        byte[] report = notice.kind() == NoticeKind.PRE_ADVERSE
                ? reportPdf.renderForApplicant(sources.report(), sources.order(), facts.landlordName(), null) : null;
        return emails.message(facts, notice.pdf(), report);
    }

    /** The applicant the notices of this adverse action go to. */
    Applicant applicant(Tenant tenant, AdverseAction action) {
        return orders.get(tenant, action.orderId(), Set.of(Include.APPLICANT)).applicant();
    }

    /** The records a notice is made from. */
    private record Sources(OrderView order, Report report) {
    }

    private Sources sources(Tenant tenant, AdverseAction action) {
        return new Sources(orders.get(tenant, action.orderId(), PARTIES), reports.get(tenant, action.reportId()));
    }

    /**
     * The landlord is the order's original requester when it has one with a name (the
     * platform's client the order was placed for), else the organisation. The pre-adverse
     * notice gives the applicant the end of the response window.
     */
    private NoticeFacts facts(Tenant tenant, AdverseAction action, NoticeKind kind, Instant issuedAt, Sources sources) {
        OrderView order = sources.order();
        String landlord = order.requester() != null && order.requester().name() != null ? order.requester().name()
                : organizations.require(tenant.organizationId()).name();
        return new NoticeFacts(kind, action.id(), action.mode() == Mode.LIVE, issuedAt,
                order.applicant().fullName(), order.applicant().email(), order.property().oneLineAddress(), landlord,
                action.decision().value(), action.conditions(), action.reasons(), CreditDisclosure.of(sources.report()),
                kind == NoticeKind.PRE_ADVERSE ? action.responseDeadline() : null, action.reportId(),
                FairChance.facts(sources.order().order().screeningRules().adverseAction(), action, sources.report()));
    }
}
