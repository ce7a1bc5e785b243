package io.tenantscreening.apply;

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
import io.tenantscreening.common.RequestIds;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.pages.PageErrors;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The apply page, in HTML (templates views/pages/apply.html and applied.html): the form
 * for the applicant's consent and missing details, its server-side checks with each error
 * beside its field, and the confirmation. A link no order has is 404 and counts against
 * the client ({@link WrongTokenLimiter}); one whose order no longer waits is 410.
 */
@Controller("/apply")
@ExecuteOn(TaskExecutors.BLOCKING)
public class ApplyController {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final ZoneId APPLICANTS_ZONE = ZoneId.of("America/New_York");
    private static final int USER_AGENT_LIMIT = 512;

    private final ApplyService apply;
    private final FormTokens formTokens;
    private final WrongTokenLimiter limiter;
    private final Disclosure disclosure;
    private final PageErrors errors;
    private final TemplateEngine templates;
    private final ClientAddresses clients;
    private final Clock clock;

    public ApplyController(ApplyService apply, FormTokens formTokens, WrongTokenLimiter limiter, Disclosure disclosure,
                           PageErrors errors, TemplateEngine templates, ClientAddresses clients, Clock clock) {
        this.apply = apply;
        this.formTokens = formTokens;
        this.limiter = limiter;
        this.disclosure = disclosure;
        this.errors = errors;
        this.templates = templates;
        this.clients = clients;
        this.clock = clock;
    }

    @Get("/{token}")
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> show(@PathVariable String token, HttpRequest<?> request) {
        Found found = find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        return apply.invitation(found.order())
                .map(invitation -> form(HttpStatus.OK, token, invitation, ApplyForm.of(Map.of()), Map.of()))
                .orElseGet(() -> errors.page(HttpStatus.GONE, RequestIds.of(request)));
    }

    @Post("/{token}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> submit(@PathVariable String token, @Body Map<String, String> fields,
                                              HttpRequest<?> request) {
        Found found = find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        if (!formTokens.accepts(fields.get("form_token"), token)) {
            return errors.page(HttpStatus.FORBIDDEN, RequestIds.of(request));
        }
        Optional<Invitation> waiting = apply.invitation(found.order());
        if (waiting.isEmpty()) {
            return apply.submittedByApplicant(found.order()) ? confirmation() : errors.page(HttpStatus.GONE, RequestIds.of(request));
        }
        Invitation invitation = waiting.get();
        ApplyForm form = ApplyForm.of(fields);
        Map<String, String> problems = form.errors(invitation.asksDob(), invitation.asksSsn(), LocalDate.now(clock.withZone(APPLICANTS_ZONE)));
        if (!problems.isEmpty()) {
            return form(HttpStatus.UNPROCESSABLE_ENTITY, token, invitation, form, problems);
        }
        String userAgent = request.getHeaders().get(HttpHeaders.USER_AGENT);
        return switch (apply.submit(found.order(), form, invitation.asksDob(), invitation.asksSsn(), clients.of(request),
                userAgent == null || userAgent.length() <= USER_AGENT_LIMIT ? userAgent : userAgent.substring(0, USER_AGENT_LIMIT))) {
            case SUBMITTED, ALREADY_SUBMITTED -> confirmation();
            case GONE -> errors.page(HttpStatus.GONE, RequestIds.of(request));
        };
    }

    /** The order of the link, or the page that refuses it (too many wrong links from this client, or no such link). */
    private record Found(OrderRef order, MutableHttpResponse<String> refusal) {
    }

    private Found find(String token, HttpRequest<?> request) {
        String client = clients.of(request);
        Optional<Duration> wait = limiter.refusal(client);
        if (wait.isPresent()) {
            return new Found(null, errors.page(HttpStatus.TOO_MANY_REQUESTS, RequestIds.of(request))
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, wait.get().toSeconds()))));
        }
        Optional<OrderRef> order = TOKEN.matcher(token).matches() ? apply.find(token) : Optional.empty();
        if (order.isEmpty()) {
            limiter.failed(client);
            return new Found(null, errors.page(HttpStatus.NOT_FOUND, RequestIds.of(request)));
        }
        return new Found(order.get(), null);
    }

    private MutableHttpResponse<String> form(HttpStatus status, String token, Invitation invitation, ApplyForm form,
                                             Map<String, String> problems) {
        Context context = new Context(Locale.US);
        context.setVariable("invitation", invitation);
        context.setVariable("disclosure", disclosure);
        context.setVariable("formToken", formTokens.issue(token));
        context.setVariable("dob", form.dob());
        context.setVariable("consent", form.consent());
        context.setVariable("errors", problems);
        return html(status, templates.process("pages/apply", context));
    }

    private MutableHttpResponse<String> confirmation() {
        return html(HttpStatus.OK, templates.process("pages/applied", new Context(Locale.US)));
    }

    private static MutableHttpResponse<String> html(HttpStatus status, String body) {
        return HttpResponse.<String>status(status).contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8").body(body);
    }
}
