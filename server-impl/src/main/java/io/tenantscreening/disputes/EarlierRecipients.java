package io.tenantscreening.disputes;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportService;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.DeletedRecords;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigation;
import io.tenantscreening.screening.Reinvestigations;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Telling earlier recipients of a deletion, at the consumer's request (FCRA section 611(d)).
 * After a dispute of an order's report deleted information, the consumer may designate, on
 * their copy of that report, any of the persons who received a report about them containing
 * it within the six months before the request ({@link DisputeEmails#RECIPIENT_MONTHS}; the two
 * years the law gives reports for employment purposes do not arise: this service's reports are
 * for renting a home).
 *
 * <p>Who is eligible: every report about the same consumer ({@code ApplicantService.sameConsumer}:
 * every organisation in live mode, the organisation in test mode), the disputed one included,
 * furnished (completed) within those six months and no later than the deletion, of which a
 * version contained a deleted court record (same court, filing date, case type and
 * description) or the deleted findings of a check (the fingerprints of {@link DeletedRecords}).
 * Each report designated gets a {@link ReportNotice} in its own organisation's tenant, in the
 * request's transaction, once per dispute: designating it again changes nothing.
 *
 * <p>After the consumer filed a statement of dispute (611(b)) on a resolved dispute, the same
 * goes for the statement: the eligible recipients are the reports about the consumer furnished
 * within the six months before the request and no later than the statement was filed (the
 * reports after it carry the statement: {@code ReportCheck.consumer_statements}), of which a
 * version contained what of the dispute stayed (items upheld, or corrected: matched by the
 * record or check as it was disputed, what those reports stated), by the same fingerprints;
 * each designated report gets a notice of type {@link ReportNotice#STATEMENT_OF_DISPUTE} with
 * the statement's text, once per dispute.
 */
@Singleton
public class EarlierRecipients {

    private final DisputeRepository disputes;
    private final ReportNoticeRepository notices;
    private final OrderService orders;
    private final ApplicantService applicants;
    private final ReportService reports;
    private final TenantJdbc jdbc;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;

    public EarlierRecipients(DisputeRepository disputes, ReportNoticeRepository notices, OrderService orders,
                             ApplicantService applicants, ReportService reports, TenantJdbc jdbc,
                             TransactionOperations<Connection> transactions, Clock clock) {
        this.disputes = disputes;
        this.notices = notices;
        this.orders = orders;
        this.applicants = applicants;
        this.reports = reports;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * A report that received information a dispute deleted: who received it (the organisation,
     * and the end user it was ordered for, null when none), when, what of the deleted
     * information it contained, and when its organisation was told (null until it is).
     */
    public record Recipient(String reportId, Tenant tenant, String orderId, String organization, String endUser, Instant receivedAt,
                            List<ReportNotice.Item> items, Instant toldAt) {
    }

    /**
     * The eligible recipients of what a resolved dispute of the order deleted, newest report
     * first, as of now; empty when it deleted nothing. 404 when the order has no such dispute.
     */
    public List<Recipient> of(Tenant tenant, String orderId, String disputeId) {
        return transactions.executeRead(status -> eligible(tenant, resolved(tenant, orderId, disputeId), Subject.DELETION,
                Timestamps.now(clock)));
    }

    /**
     * The eligible recipients of the disputed information about which the consumer filed a
     * statement of dispute on a resolved dispute of the order, newest report first, as of now;
     * empty while it has no statement. 404 when the order has no such dispute.
     */
    public List<Recipient> ofStatement(Tenant tenant, String orderId, String disputeId) {
        return transactions.executeRead(status -> eligible(tenant, resolved(tenant, orderId, disputeId), Subject.STATEMENT,
                Timestamps.now(clock)));
    }

    /**
     * The consumer designates these reports, among the eligible recipients: each gets a
     * notice in its organisation's tenant unless it has one of this dispute already. 404 when
     * the order has no such dispute; 422 (on {@code /recipients}) when a report named is not an
     * eligible recipient, and then no one is told. Answers the recipients as they now stand.
     */
    public List<Recipient> tell(Tenant tenant, String orderId, String disputeId, Set<String> reportIds) {
        return tell(tenant, orderId, disputeId, reportIds, Subject.DELETION);
    }

    /**
     * The consumer designates these reports, among the eligible recipients of the disputed
     * information their statement of dispute is about: each gets a notice with the statement in
     * its organisation's tenant unless it has one of this dispute's statement already. 404 when
     * the order has no such dispute; 422 (on {@code /recipients}) when a report named is not an
     * eligible recipient (none is while the dispute has no statement), and then no one is told.
     * Answers the recipients as they now stand.
     */
    public List<Recipient> tellStatement(Tenant tenant, String orderId, String disputeId, Set<String> reportIds) {
        return tell(tenant, orderId, disputeId, reportIds, Subject.STATEMENT);
    }

    /** What earlier recipients are told of: what a dispute deleted, or the statement of dispute about what stayed. */
    private enum Subject {
        DELETION(ReportNotice.ITEM_DELETED, "what was deleted"),
        STATEMENT(ReportNotice.STATEMENT_OF_DISPUTE, "what your statement of dispute is about");

        private final String type;
        private final String what;

        Subject(String type, String what) {
            this.type = type;
            this.what = what;
        }
    }

    private List<Recipient> tell(Tenant tenant, String orderId, String disputeId, Set<String> reportIds, Subject told) {
        return transactions.executeWrite(status -> {
            Dispute dispute = resolved(tenant, orderId, disputeId);
            Instant now = Timestamps.now(clock);
            List<Recipient> eligible = eligible(tenant, dispute, told, now);
            Set<String> known = eligible.stream().map(Recipient::reportId).collect(Collectors.toSet());
            List<String> unknown = reportIds.stream().filter(id -> !known.contains(id)).sorted().toList();
            if (reportIds.isEmpty() || !unknown.isEmpty()) {
                throw ApiException.invalid(ErrorSource.pointer("/recipients"), reportIds.isEmpty()
                        ? "Choose at least one of the recipients listed."
                        : "Not a recipient of a report containing " + told.what + " within the last " + DisputeEmails.RECIPIENT_MONTHS
                        + " months: " + unknown.stream().map(Echo::of).collect(Collectors.joining(", ")) + ".");
            }
            for (Recipient recipient : eligible) {
                if (reportIds.contains(recipient.reportId()) && recipient.toldAt() == null) {
                    notices.insert(recipient.tenant(), new ReportNotice(PublicIds.newId("rnt", recipient.tenant().mode()),
                            recipient.tenant().mode(), told.type, recipient.orderId(), recipient.reportId(),
                            recipient.receivedAt(), recipient.items(), told == Subject.STATEMENT ? dispute.statement().text() : null,
                            told == Subject.STATEMENT ? dispute.statement().filedAt() : dispute.resolvedAt(), now), tenant, dispute.id());
                }
            }
            return eligible(tenant, dispute, told, now);
        });
    }

    /** The start of the six months before a request: the same moment six calendar months earlier. */
    static Instant monthsBefore(Instant asOf) {
        return asOf.atOffset(ZoneOffset.UTC).minusMonths(DisputeEmails.RECIPIENT_MONTHS).toInstant();
    }

    /**
     * What a dispute deleted, by fingerprint, as the items a notice names: each deleted record,
     * each record of a court-record check deleted as a whole, the findings of any other check
     * deleted as a whole.
     */
    static Map<String, ReportNotice.Item> deleted(Dispute dispute) {
        return fingerprints(dispute.items().stream().filter(item -> item.outcome() == Reinvestigation.Outcome.DELETED).toList());
    }

    /**
     * What of a dispute stayed (upheld, or corrected), by fingerprint, as the items a notice
     * names: each record or check as it was disputed (for a corrected one, what the reports
     * before the correction stated), like {@link #deleted}.
     */
    static Map<String, ReportNotice.Item> stayed(Dispute dispute) {
        return fingerprints(dispute.items().stream().filter(Dispute.Item::stayed).toList());
    }

    private static Map<String, ReportNotice.Item> fingerprints(List<Dispute.Item> items) {
        Map<String, ReportNotice.Item> named = new LinkedHashMap<>();
        for (Dispute.Item item : items) {
            if (!item.wholeCheck()) {
                named.put(DeletedRecords.fingerprint(Reinvestigations.record(item.disputed())),
                        new ReportNotice.Item(item.check(), item.disputed()));
                continue;
            }
            Findings findings = Reinvestigations.disputedFindings(item.check(), item.disputed());
            if (findings instanceof Findings.CourtRecords court) {
                court.records().forEach(record -> named.put(DeletedRecords.fingerprint(record),
                        new ReportNotice.Item(item.check(), Reinvestigations.json(record))));
            } else {
                named.put(DeletedRecords.fingerprint(item.check(), findings), new ReportNotice.Item(item.check(), null));
            }
        }
        return named;
    }

    /** What of the deleted information a report contained in any of its versions, as that report stated it. */
    static List<ReportNotice.Item> contained(List<Report> versions, Map<String, ReportNotice.Item> deleted) {
        Map<String, ReportNotice.Item> found = new LinkedHashMap<>();
        for (Report version : versions) {
            for (Report.CheckResult check : version.checks()) {
                CheckType type = CheckType.of(check.type());
                Findings findings = Reinvestigations.findings(check);
                if (DeletedRecords.byRecord(type)) {
                    for (Findings.CourtRecord record : Reinvestigations.records(check)) {
                        String fingerprint = DeletedRecords.fingerprint(record);
                        if (deleted.containsKey(fingerprint)) {
                            found.putIfAbsent(fingerprint, new ReportNotice.Item(type, Reinvestigations.json(record)));
                        }
                    }
                } else {
                    DeletedRecords.fingerprints(type, findings).stream().filter(deleted::containsKey)
                            .forEach(fingerprint -> found.putIfAbsent(fingerprint, deleted.get(fingerprint)));
                }
            }
        }
        return List.copyOf(found.values());
    }

    private Dispute resolved(Tenant tenant, String orderId, String disputeId) {
        return disputes.findById(tenant, disputeId).filter(found -> found.orderId().equals(orderId))
                .filter(found -> found.status() == Dispute.Status.RESOLVED)
                .orElseThrow(() -> ApiException.notFound("No resolved dispute with id '" + Echo.of(disputeId) + "' of this report."));
    }

    /** A report about the consumer and who received it, before its versions are read. */
    private record Candidate(String reportId, String organizationId, String orderId, String organization, String endUser,
                             Instant receivedAt) {
    }

    /** In the caller's transaction. */
    private List<Recipient> eligible(Tenant tenant, Dispute dispute, Subject told, Instant now) {
        if (told == Subject.STATEMENT && dispute.statement() == null) {
            return List.of();
        }
        Map<String, ReportNotice.Item> deleted = told == Subject.STATEMENT ? stayed(dispute) : deleted(dispute);
        if (deleted.isEmpty()) {
            return List.of();
        }
        Instant until = told == Subject.STATEMENT ? dispute.statement().filedAt() : dispute.resolvedAt();
        String applicantId = orders.get(tenant, dispute.orderId(), Set.of()).order().applicantId();
        List<String> consumer = applicants.sameConsumer(tenant, applicantId).stream()
                .map(ApplicantRepository.SameConsumer::applicantId).toList();
        List<Candidate> candidates = jdbc.queryAcrossTenants("SELECT r.id, r.organization_id, r.order_id, g.name AS organization, "
                        + "q.name AS end_user, r.completed_at FROM orders o JOIN reports r ON r.order_id = o.id "
                        + "AND r.organization_id = o.organization_id AND r.mode = o.mode JOIN organizations g ON g.id = o.organization_id "
                        + "LEFT JOIN original_requesters q ON q.id = o.original_requester_id WHERE o.mode = ? AND o.applicant_id = ANY(?) "
                        + "AND r.completed_at > ? AND r.completed_at <= ? AND r.completed_at <= ? ORDER BY r.completed_at DESC, r.id DESC",
                row -> new Candidate(row.getString("id"), row.getString("organization_id"), row.getString("order_id"),
                        row.getString("organization"), row.getString("end_user"), row.getTimestamp("completed_at").toInstant()),
                tenant.mode().dbValue(), consumer, Timestamp.from(monthsBefore(now)), Timestamp.from(now),
                Timestamp.from(until));
        Map<String, Instant> toldAt = notices.told(tenant, dispute.id(), told.type).stream()
                .collect(Collectors.toMap(ReportNoticeRepository.Told::reportId, ReportNoticeRepository.Told::at));
        List<Recipient> recipients = new ArrayList<>();
        for (Candidate candidate : candidates) {
            Tenant owner = new Tenant(candidate.organizationId(), tenant.mode());
            Report current = reports.get(owner, candidate.reportId());
            List<Report> versions = new ArrayList<>();
            for (int version = 1; version < current.version(); version++) {
                versions.add(reports.get(owner, candidate.reportId(), version));
            }
            versions.add(current);
            List<ReportNotice.Item> items = contained(versions, deleted);
            if (!items.isEmpty()) {
                recipients.add(new Recipient(candidate.reportId(), owner, candidate.orderId(), candidate.organization(),
                        candidate.endUser(), candidate.receivedAt(), items, toldAt.get(candidate.reportId())));
            }
        }
        return recipients;
    }
}
