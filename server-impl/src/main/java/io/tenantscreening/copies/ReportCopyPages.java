package io.tenantscreening.copies;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.pages.ClientAddresses;
import io.tenantscreening.disputes.AfterDisputes;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.pages.FormTokens;
import io.tenantscreening.pages.WrongTokenLimiter;
import io.tenantscreening.notices.RightsSummary;
import io.tenantscreening.pages.PageErrors;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.web.RequestIds;
import jakarta.inject.Singleton;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What every page under {@code /my-report/{token}} needs: the link of the token (or the
 * page that refuses it, exactly as {@code /apply} refuses an unknown link, counted by the
 * same {@link WrongTokenLimiter}), the form token of its forms ({@link FormTokens}, bound
 * to the link's token), and the report page itself, with the summary of consumer rights
 * ({@link RightsSummary}), to which a caller may add variables of its own (a form of its own
 * beside the report, say).
 */
@Singleton
public class ReportCopyPages {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");

    private final ReportCopies copies;
    private final FormTokens formTokens;
    private final WrongTokenLimiter limiter;
    private final ClientAddresses clients;
    private final PageErrors errors;
    private final TemplateEngine templates;
    private final AgencySettings agency;
    private final RightsSummary rights;
    private final AfterDisputes afterDisputes;

    public ReportCopyPages(ReportCopies copies, FormTokens formTokens, WrongTokenLimiter limiter, ClientAddresses clients,
                           PageErrors errors, TemplateEngine templates, AgencySettings agency, RightsSummary rights,
                           AfterDisputes afterDisputes) {
        this.afterDisputes = afterDisputes;
        this.copies = copies;
        this.formTokens = formTokens;
        this.limiter = limiter;
        this.clients = clients;
        this.errors = errors;
        this.templates = templates;
        this.agency = agency;
        this.rights = rights;
    }

    /** The link of the token, or the page that refuses it: no such link (404), or none from a client that opened too many (429). */
    public record Found(ReportCopyRepository.Link link, MutableHttpResponse<String> refusal) {
    }

    public Found find(String token, HttpRequest<?> request) {
        Optional<ReportCopyRepository.Link> link = TOKEN.matcher(token).matches() ? copies.find(token) : Optional.empty();
        if (link.isPresent()) {
            return new Found(link.get(), null);
        }
        Optional<Duration> wait = limiter.unknownLink(clients.of(request));
        if (wait.isPresent()) {
            return new Found(null, errors.page(HttpStatus.TOO_MANY_REQUESTS, RequestIds.of(request))
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, wait.get().toSeconds()))));
        }
        return new Found(null, errors.page(HttpStatus.NOT_FOUND, RequestIds.of(request)));
    }

    /** Whether a form posted to a page of this token came from that page. */
    public boolean fromItsPage(Map<String, String> fields, String token) {
        return formTokens.accepts(fields.get("form_token"), token);
    }

    /**
     * The report page (200), with these variables besides its own (they may replace its
     * dispute form's: {@code disputeErrors}, by field, and {@code disputeOpened}, the date by
     * which the dispute is answered; and {@code afterDisputesStatus}, a message for the block
     * of one resolved dispute: {@code dispute}, its id, {@code text}, and {@code error}, true
     * when it is an error; and {@code statementText}, the statement of dispute the applicant
     * wrote, kept in the form of that block when it could not be filed).
     */
    public MutableHttpResponse<String> report(String token, ReportCopyRepository.Link link, Map<String, Object> variables) {
        Context context = new Context(Locale.US);
        ReportCopy copy = copies.copy(link);
        context.setVariable("page", ReportCopyPage.of(token, copy, ReportSections.agency(agency), ReportSections.agencyName(agency),
                agency.getTimeZone()));
        context.setVariable("formToken", formTokens.issue(token));
        context.setVariable("disputable", DisputeChoice.of(copy.report()));
        context.setVariable("disputed", copy.report().status() == Report.Status.DISPUTED);
        context.setVariable("disputeErrors", Map.of());
        context.setVariable("disputeOpened", null);
        context.setVariable("rights", rights.html());
        context.setVariable("afterDisputes", afterDisputes.of(link.tenant(), link.orderId()).stream()
                .map(resolved -> AfterDisputeView.of(resolved, agency.getTimeZone())).toList());
        context.setVariable("afterDisputesStatus", Map.of());
        context.setVariable("statementText", "");
        context.setVariable("statementWords", DisputeService.STATEMENT_WORDS);
        context.setVariable("helpPhone", agency.getPhone() == null || agency.getPhone().isBlank() ? null : agency.getPhone());
        context.setVariables(variables);
        return html(HttpStatus.OK, templates.process("pages/my-report", context));
    }

    /** The page of an expired link (410), with its requests for a new link. */
    public MutableHttpResponse<String> expired(String token) {
        return expired(token, HttpStatus.GONE, Map.of());
    }

    /**
     * The page of an expired link again, after a request for a link to another address that
     * could not be made: {@code errors} beside the fields ({@code email}, {@code date_of_birth},
     * {@code ssn_last_four}, {@code identity}) and the address given.
     */
    public MutableHttpResponse<String> expired(String token, HttpStatus status, Map<String, Object> variables) {
        Context context = new Context(Locale.US);
        context.setVariable("path", MyReportController.PATH + "/" + token);
        context.setVariable("formToken", formTokens.issue(token));
        context.setVariable("errors", Map.of());
        context.setVariable("email", "");
        context.setVariables(variables);
        return html(status, templates.process("pages/my-report-expired", context));
    }

    /** The answer to a request for a new link: sent (200), or not yet (429, with Retry-After). */
    public MutableHttpResponse<String> renewal(ReportCopies.Renewal renewal) {
        Context context = new Context(Locale.US);
        context.setVariable("sent", renewal instanceof ReportCopies.Sent);
        context.setVariable("elsewhere", renewal instanceof ReportCopies.Sent sent && sent.elsewhere());
        MutableHttpResponse<String> page = html(renewal instanceof ReportCopies.Sent ? HttpStatus.OK : HttpStatus.TOO_MANY_REQUESTS,
                templates.process("pages/my-report-renewal", context));
        if (renewal instanceof ReportCopies.TooSoon tooSoon) {
            page.header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, tooSoon.retryAfter().toSeconds())));
        }
        return page;
    }

    public PageErrors errors() {
        return errors;
    }

    private static MutableHttpResponse<String> html(HttpStatus status, String body) {
        return HttpResponse.<String>status(status).contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8").body(body);
    }
}
