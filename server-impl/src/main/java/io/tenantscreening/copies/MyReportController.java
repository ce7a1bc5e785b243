package io.tenantscreening.copies;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.disputes.Dispute;
import io.tenantscreening.disputes.DisputeDescriptions;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.disputes.EarlierRecipients;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.reports.ReportPdf;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.web.RequestIds;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The applicant's copy of their report, in HTML (views/pages/my-report.html), with the PDF
 * beside it; on the pipeline of the applicants' pages (no key, HTML errors, the token
 * redacted from the log, no caching, no referrer). An unknown link is refused as
 * {@code /apply} refuses one ({@link ReportCopyPages#find}); an expired link's page (410)
 * offers a new link, which {@code POST /my-report/{token}/renew} emails to the address the
 * expired one went to, never onto the page. {@code POST /my-report/{token}/dispute} opens the
 * applicant's dispute of records of the report ({@link DisputeService#open}), whether or not
 * others are open; after a dispute is resolved, {@code POST /my-report/{token}/description} asks
 * how it was reinvestigated, {@code POST /my-report/{token}/recipients} has earlier recipients
 * told of what it deleted, and {@code POST /my-report/{token}/statement} files the applicant's
 * statement of dispute about what stayed ({@link DisputeService#fileStatement}, FCRA section 611(b)),
 * and {@code POST /my-report/{token}/statement-recipients} has earlier recipients of what it is
 * about sent the statement.
 */
@Controller(MyReportController.PATH)
@ExecuteOn(TaskExecutors.BLOCKING)
public class MyReportController {

    /** Where the pages are. */
    public static final String PATH = "/my-report";

    private final ReportCopies copies;
    private final ReportCopyPages pages;
    private final ReportPdf pdf;
    private final DisputeService disputes;
    private final AgencySettings agency;
    private final DisputeDescriptions descriptions;
    private final EarlierRecipients recipients;

    public MyReportController(ReportCopies copies, ReportCopyPages pages, ReportPdf pdf, DisputeService disputes,
                              AgencySettings agency, DisputeDescriptions descriptions, EarlierRecipients recipients) {
        this.descriptions = descriptions;
        this.recipients = recipients;
        this.copies = copies;
        this.pages = pages;
        this.pdf = pdf;
        this.disputes = disputes;
        this.agency = agency;
    }

    @Get("/{token}")
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> show(@PathVariable String token, HttpRequest<?> request) {
        ReportCopyPages.Found found = pages.find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        return copies.expired(found.link()) ? pages.expired(token) : pages.report(token, found.link(), Map.of());
    }

    @Get("/{token}/report.pdf")
    @Produces({MediaType.APPLICATION_PDF, MediaType.TEXT_HTML})
    public MutableHttpResponse<?> pdf(@PathVariable String token, HttpRequest<?> request) {
        ReportCopyPages.Found found = pages.find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        if (copies.expired(found.link())) {
            return pages.expired(token);
        }
        ReportCopy copy = copies.copy(found.link());
        return HttpResponse.ok(pdf.renderForApplicant(copy.report(), copy.order(), copy.procuredBy(), copy.file()))
                .contentType(MediaType.APPLICATION_PDF_TYPE)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"screening-report-" + copy.report().id() + ".pdf\"");
    }

    /**
     * The applicant disputes checks or records of their report (FCRA section 611): those ticked
     * and the reason, from the page's own form. Opened: the page again, saying by when the
     * applicant hears back. Refused: the page again (422) with what to fix beside the form.
     */
    @Post("/{token}/dispute")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> dispute(@PathVariable String token, @Body Map<String, String> fields, HttpRequest<?> request) {
        return onItsPage(token, fields, request, link -> {
            List<DisputeService.DisputedRecord> records = new ArrayList<>();
            fields.keySet().stream().sorted().forEach(field -> DisputeChoice.parse(field).ifPresent(records::add));
            try {
                Dispute opened = disputes.open(link.tenant(), link.orderId(), records, fields.get("reason"));
                return pages.report(token, link, Map.of("disputeOpened",
                        ReportSections.day(LocalDate.ofInstant(opened.deadline(), agency.getTimeZone()))));
            } catch (ApiException refused) {
                if (refused.status() != HttpStatus.UNPROCESSABLE_ENTITY) {
                    throw refused;
                }
                Map<String, String> errors = new LinkedHashMap<>();
                for (ErrorEntry entry : refused.errors()) {
                    String pointer = entry.source() == null || entry.source().pointer() == null ? "" : entry.source().pointer();
                    if (pointer.equals("/dispute/reason")) {
                        errors.putIfAbsent("reason", entry.detail());
                    } else {
                        errors.putIfAbsent("records", records.isEmpty() ? "Tick at least one check or record to dispute."
                                : refused.errors().stream().map(ErrorEntry::detail).filter(detail -> detail.contains("not both"))
                                .findFirst().map(both -> "Tick a check as a whole or some of its records, not both.")
                                .orElse("Tick only checks and records shown on this page."));
                    }
                }
                return pages.report(token, link, Map.of("disputeErrors", errors, "reason",
                        fields.getOrDefault("reason", ""))).status(HttpStatus.UNPROCESSABLE_ENTITY);
            }
        });
    }

    /**
     * The applicant asks how a resolved dispute of their report was reinvestigated (FCRA
     * section 611(a)(7)): the field {@code dispute} names it. The page again, saying by when
     * the description is emailed; a dispute that is not a resolved one of this report is 404.
     */
    @Post("/{token}/description")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> description(@PathVariable String token, @Body Map<String, String> fields,
                                                   HttpRequest<?> request) {
        return onItsPage(token, fields, request, link -> {
            String dispute = fields.getOrDefault("dispute", "");
            DisputeDescriptions.Requested requested;
            try {
                requested = descriptions.request(link.tenant(), link.orderId(), dispute);
            } catch (ApiException refused) {
                return pages.errors().page(refused.status(), RequestIds.of(request));
            }
            return pages.report(token, link, Map.of("afterDisputesStatus", Map.of("dispute", dispute, "error", false, "text",
                    "You asked how we checked this dispute. We will email you the description by "
                            + ReportSections.day(LocalDate.ofInstant(requested.dueAt(), agency.getTimeZone())) + ".")));
        });
    }

    /**
     * The applicant chooses earlier recipients of what a resolved dispute deleted, to be told
     * (FCRA section 611(d)): the field {@code dispute} and a {@code recipient-<report id>}
     * checkbox each. The page again, saying they were told; none ticked, or one that is not an
     * eligible recipient, is 422 with the page saying so, and no one is told.
     */
    @Post("/{token}/recipients")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> recipients(@PathVariable String token, @Body Map<String, String> fields,
                                                  HttpRequest<?> request) {
        return tell(token, fields, request, recipients::tell,
                "We have told those you ticked that what was removed from your file is no longer in it.");
    }

    /**
     * The applicant chooses earlier recipients of what their statement of dispute on a resolved
     * dispute is about, to be sent the statement (FCRA section 611(d)), as on
     * {@code /recipients}: none ticked, one that is not an eligible recipient, or a dispute
     * without a statement, is 422 with the page saying so, and no one is told.
     */
    @Post("/{token}/statement-recipients")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> statementRecipients(@PathVariable String token, @Body Map<String, String> fields,
                                                           HttpRequest<?> request) {
        return tell(token, fields, request, recipients::tellStatement, "We have sent your statement to those you ticked.");
    }

    /** Earlier recipients of a report: who the page's form designates ({@link EarlierRecipients}). */
    private interface Designation {
        List<EarlierRecipients.Recipient> tell(Tenant tenant, String orderId, String disputeId, Set<String> reportIds);
    }

    private MutableHttpResponse<String> tell(String token, Map<String, String> fields, HttpRequest<?> request, Designation designation,
                                             String told) {
        return onItsPage(token, fields, request, link -> {
            String dispute = fields.getOrDefault("dispute", "");
            Set<String> reports = new TreeSet<>();
            fields.keySet().forEach(field -> AfterDisputeView.recipient(field).ifPresent(reports::add));
            try {
                designation.tell(link.tenant(), link.orderId(), dispute, reports);
            } catch (ApiException refused) {
                if (refused.status() != HttpStatus.UNPROCESSABLE_ENTITY) {
                    return pages.errors().page(refused.status(), RequestIds.of(request));
                }
                return pages.report(token, link, Map.of("afterDisputesStatus", Map.of("dispute", dispute, "error", true, "text",
                        reports.isEmpty() ? "Tick at least one of those listed." : "Tick only those listed on this page.")))
                        .status(HttpStatus.UNPROCESSABLE_ENTITY);
            }
            return pages.report(token, link, Map.of("afterDisputesStatus", Map.of("dispute", dispute, "error", false, "text",
                    told)));
        });
    }

    /**
     * The applicant files their statement of dispute (FCRA section 611(b)) on a resolved dispute
     * of their report from the block of that dispute ({@code dispute}, its id; {@code statement}).
     * Filed: the page again, saying so, with the statement in the block. Refused: the page again
     * (422) with what to fix in that block, the statement kept in its form; a dispute that is not
     * one of this report is 404.
     */
    @Post("/{token}/statement")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> statement(@PathVariable String token, @Body Map<String, String> fields, HttpRequest<?> request) {
        return onItsPage(token, fields, request, link -> {
            String dispute = fields.getOrDefault("dispute", "");
            String statement = fields.getOrDefault("statement", "");
            try {
                disputes.fileStatement(link.tenant(), dispute, link.orderId(), statement);
            } catch (ApiException refused) {
                if (refused.status() != HttpStatus.UNPROCESSABLE_ENTITY) {
                    return pages.errors().page(refused.status(), RequestIds.of(request));
                }
                ErrorEntry error = refused.errors().get(0);
                boolean ofTheText = error.source() != null && "/statement".equals(error.source().pointer());
                return pages.report(token, link, Map.of("afterDisputesStatus", Map.of("dispute", dispute, "error", true,
                        "text", ofTheText ? error.detail() : "This dispute takes no statement: a dispute takes one, once it is resolved, "
                        + "about what of it stayed in your report."), "statementText", statement))
                        .status(HttpStatus.UNPROCESSABLE_ENTITY);
            }
            return pages.report(token, link, Map.of("afterDisputesStatus", Map.of("dispute", dispute, "error", false, "text",
                    "Your statement is added to your report. Every report about you that contains what it is about will include it.")));
        });
    }

    @Post("/{token}/renew")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> renew(@PathVariable String token, @Body Map<String, String> fields, HttpRequest<?> request) {
        ReportCopyPages.Found found = pages.find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        if (!pages.fromItsPage(fields, token)) {
            return pages.errors().page(HttpStatus.FORBIDDEN, RequestIds.of(request));
        }
        String email = fields.getOrDefault("email", "").strip();
        ReportCopies.Renewal renewal;
        if (email.isEmpty() && !fields.containsKey("date_of_birth") && !fields.containsKey("ssn_last_four")) {
            renewal = copies.renew(found.link());
        } else {
            ElsewhereForm form = ElsewhereForm.of(email, fields.getOrDefault("date_of_birth", ""), fields.getOrDefault("ssn_last_four", ""));
            if (!form.errors().isEmpty()) {
                return pages.expired(token, HttpStatus.UNPROCESSABLE_ENTITY, Map.of("errors", form.errors(), "email", email));
            }
            renewal = copies.renewElsewhere(found.link(), form.email(), form.dateOfBirth(), form.ssnLastFour());
            if (renewal instanceof ReportCopies.NotVerified notVerified) {
                return pages.expired(token, notVerified.locked() ? HttpStatus.TOO_MANY_REQUESTS : HttpStatus.UNPROCESSABLE_ENTITY,
                        Map.of("errors", Map.of("identity", notVerified.locked()
                                ? "Too many attempts did not match. Try again tomorrow, or ask for the link at the address it went to."
                                : "These details do not match the ones given for the screening, so we cannot send the link "
                                + "to another address. Check them, or ask for the link at the address it went to."), "email", email));
            }
        }
        return renewal instanceof ReportCopies.StillValid ? pages.report(token, found.link(), Map.of()) : pages.renewal(renewal);
    }

    /**
     * A form of the link's page, once the link answers (not unknown, not locked out), works
     * (not expired: its expired page) and the form came from its page (403 otherwise).
     */
    private MutableHttpResponse<String> onItsPage(String token, Map<String, String> fields, HttpRequest<?> request,
                                                  Function<ReportCopyRepository.Link, MutableHttpResponse<String>> form) {
        ReportCopyPages.Found found = pages.find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        if (copies.expired(found.link())) {
            return pages.expired(token);
        }
        if (!pages.fromItsPage(fields, token)) {
            return pages.errors().page(HttpStatus.FORBIDDEN, RequestIds.of(request));
        }
        return form.apply(found.link());
    }

}
