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
import io.tenantscreening.orders.OrderPayment;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.payments.ApplicantPayments;
import io.tenantscreening.payments.PaymentReceipts;
import io.tenantscreening.pages.ClientAddresses;
import io.tenantscreening.pages.FormTokens;
import io.tenantscreening.pages.PageErrors;
import io.tenantscreening.pages.WrongTokenLimiter;
import io.tenantscreening.web.LogFields;
import io.tenantscreening.web.RequestIds;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The apply page, in HTML (templates views/pages/apply.html and applied.html): the form
 * for the applicant's consent and missing details, its server-side checks with each error
 * beside its field, and the confirmation. A link no order has is 404 and counts against
 * the client, 429 once the client has opened too many ({@link WrongTokenLimiter}); a link
 * that exists is served whatever the client's count; one whose order no longer waits is 410.
 * For an order its applicant pays, the page shows the price and sends the applicant to the
 * payment gateway's hosted checkout first; the consent is refused (402) until the gateway
 * confirmed the payment.
 */
@Controller("/apply")
@ExecuteOn(TaskExecutors.BLOCKING)
public class ApplyController {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final ZoneId APPLICANTS_ZONE = ZoneId.of("America/New_York");
    private static final int USER_AGENT_LIMIT = 512;
    private static final String PAGE = "/apply/";
    private static final String PAYMENT = "payment";
    /** Where the hosted checkout sends the browser back: {@code ?payment=returned} after paying, {@code canceled} after leaving. */
    private static final String RETURNED = "returned";
    private static final String CANCELED = "canceled";
    private static final Set<String> RETURNS = Set.of(RETURNED, CANCELED);

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
        String returned = request.getParameters().get("payment");
        return apply.invitation(found.order())
                .map(invitation -> form(HttpStatus.OK, token, invitation, ApplyForm.of(Map.of()), Map.of(),
                        returned != null && RETURNS.contains(returned) ? returned : null))
                .orElseGet(() -> errors.page(HttpStatus.GONE, RequestIds.of(request)));
    }

    /**
     * The pay button of an applicant-paid order: to the gateway's hosted checkout (303), back
     * to the page when there is nothing to pay any more, the page with the error when the
     * gateway could not be reached (503), or the page saying what to do when the gateway
     * refused the order for good (422).
     */
    @Post("/{token}/payment")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> pay(@PathVariable String token, @Body Map<String, String> fields, HttpRequest<?> request) {
        Found found = find(token, request);
        if (found.refusal() != null) {
            return found.refusal();
        }
        if (!formTokens.accepts(fields.get("form_token"), token)) {
            return errors.page(HttpStatus.FORBIDDEN, RequestIds.of(request));
        }
        Optional<Invitation> waiting = apply.invitation(found.order());
        if (waiting.isEmpty()) {
            return errors.page(HttpStatus.GONE, RequestIds.of(request));
        }
        ApplicantPayments.Start start = apply.startPayment(waiting.get());
        if (start instanceof ApplicantPayments.Redirect redirect) {
            return seeOther(redirect.url());
        }
        if (start instanceof ApplicantPayments.NothingToPay) {
            return seeOther(PAGE + token);
        }
        if (start instanceof ApplicantPayments.Refused refused) {
            return form(HttpStatus.UNPROCESSABLE_ENTITY, token, waiting.get(), ApplyForm.of(Map.of()),
                    Map.of(PAYMENT, refusal(refused)), null);
        }
        return form(HttpStatus.SERVICE_UNAVAILABLE, token, waiting.get(), ApplyForm.of(Map.of()),
                Map.of(PAYMENT, "The payment service could not be reached. No money was taken. Please try again in a few minutes."),
                null);
    }

    /**
     * What the applicant is told when the payment processor refused the order for good, in
     * their terms: never to try again, since the same details get the same refusal.
     */
    private static String refusal(ApplicantPayments.Refused refused) {
        String code = refused.code() == null ? "" : refused.code();
        String param = refused.param() == null ? "" : refused.param();
        String cause;
        if (code.equals("email_invalid") || param.equals("customer_email")) {
            cause = "Our payment processor does not accept the email address on your application";
        } else if (code.startsWith("amount_") || param.contains("unit_amount")) {
            cause = "Our payment processor does not accept the amount of this screening";
        } else {
            cause = "Our payment processor refused to take the payment for this application";
        }
        return cause + ", so it cannot be paid here. No money was taken. Please contact the property manager who sent you "
                + "this link: they can correct your application.";
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
            return form(HttpStatus.UNPROCESSABLE_ENTITY, token, invitation, form, problems, null);
        }
        String userAgent = request.getHeaders().get(HttpHeaders.USER_AGENT);
        return switch (apply.submit(found.order(), form, invitation.asksDob(), invitation.asksSsn(), clients.of(request),
                userAgent == null || userAgent.length() <= USER_AGENT_LIMIT ? userAgent : userAgent.substring(0, USER_AGENT_LIMIT))) {
            case SUBMITTED, ALREADY_SUBMITTED -> confirmation();
            case PAYMENT_REQUIRED -> form(HttpStatus.PAYMENT_REQUIRED, token, invitation, form,
                    Map.of(PAYMENT, "Pay for your screening first, with the button under Payment; then submit your application."),
                    null);
            case GONE -> errors.page(HttpStatus.GONE, RequestIds.of(request));
        };
    }

    /**
     * The order of the link, or the page that refuses it: no such link (404), or no such
     * link from a client that opened too many of them (429).
     */
    private record Found(OrderRef order, MutableHttpResponse<String> refusal) {
    }

    private Found find(String token, HttpRequest<?> request) {
        Optional<OrderRef> order = TOKEN.matcher(token).matches() ? apply.find(token) : Optional.empty();
        if (order.isPresent()) {
            LogFields.noteForRequest(LogFields.ORGANIZATION_ID, order.get().organizationId());
            LogFields.noteForRequest(LogFields.MODE, order.get().mode());
            LogFields.noteForRequest(LogFields.ORDER_ID, order.get().orderId());
            return new Found(order.get(), null);
        }
        Optional<Duration> wait = limiter.unknownLink(clients.of(request));
        if (wait.isPresent()) {
            return new Found(null, errors.page(HttpStatus.TOO_MANY_REQUESTS, RequestIds.of(request))
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, wait.get().toSeconds()))));
        }
        return new Found(null, errors.page(HttpStatus.NOT_FOUND, RequestIds.of(request)));
    }

    private MutableHttpResponse<String> form(HttpStatus status, String token, Invitation invitation, ApplyForm form,
                                             Map<String, String> problems, String returned) {
        Context context = new Context(Locale.US);
        Optional<ApplicantPayments.State> payment = apply.payment(invitation);
        context.setVariable("payment", payment.orElse(null));
        payment.ifPresent(state -> {
            context.setVariable("price", PaymentReceipts.amount(state.payment().amountCents(), state.payment().currency()));
            context.setVariable("items", PaymentReceipts.items(invitation.packageSlug(), invitation.addOns()));
            context.setVariable("paid", state.payment().status() == OrderPayment.Status.SUCCEEDED);
            boolean refused = state.payment().failureReason() == OrderPayment.FailureReason.REFUSED_BY_PROCESSOR;
            context.setVariable("paymentFailed", state.payment().status() == OrderPayment.Status.FAILED && !refused);
            context.setVariable("paymentRefused", state.payment().status() == OrderPayment.Status.FAILED && refused);
            context.setVariable("confirming", state.payment().status() != OrderPayment.Status.SUCCEEDED && state.checkoutOpen()
                    && RETURNED.equals(returned));
            context.setVariable("leftCheckout", CANCELED.equals(returned) && state.payment().status() != OrderPayment.Status.SUCCEEDED);
            context.setVariable("payAction", PAGE + token + "/payment");
        });
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

    private static MutableHttpResponse<String> seeOther(String location) {
        return HttpResponse.<String>status(HttpStatus.SEE_OTHER).header(HttpHeaders.LOCATION, location);
    }

    private static MutableHttpResponse<String> html(HttpStatus status, String body) {
        return HttpResponse.<String>status(status).contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8").body(body);
    }
}
