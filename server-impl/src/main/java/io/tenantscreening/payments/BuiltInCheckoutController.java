package io.tenantscreening.payments;

import com.github.kagkarlsson.scheduler.SchedulerClient;
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
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.pages.FormTokens;
import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.pages.ClientAddresses;
import io.tenantscreening.pages.PageErrors;
import io.tenantscreening.pages.WrongTokenLimiter;
import io.tenantscreening.web.RequestIds;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in gateway's hosted checkout page ({@code /apply/pay/<session>}, template
 * views/pages/checkout.html), served through the applicants' page pipeline: the amount, the
 * test outcomes to choose from, and a way back. Choosing records the outcome once and, in
 * the same transaction, the gateway's notification as background work; the browser then
 * returns to the apply page, which learns the outcome from that notification only.
 */
@Controller(BuiltInCheckoutController.PATH)
@ExecuteOn(TaskExecutors.BLOCKING)
public class BuiltInCheckoutController {

    static final String PATH = "/apply/pay";

    private final BuiltInCheckout gateway;
    private final FormTokens formTokens;
    private final PageErrors errors;
    private final TemplateEngine templates;
    private final SchedulerClient work;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;
    private final WrongTokenLimiter limiter;
    private final ClientAddresses clients;

    public BuiltInCheckoutController(BuiltInCheckout gateway, FormTokens formTokens, PageErrors errors, TemplateEngine templates,
                                     SchedulerClient work, TransactionOperations<Connection> transactions, Clock clock,
                                     WrongTokenLimiter limiter, ClientAddresses clients) {
        this.limiter = limiter;
        this.clients = clients;
        this.gateway = gateway;
        this.formTokens = formTokens;
        this.errors = errors;
        this.templates = templates;
        this.work = work;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Get("/{session}")
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> show(@PathVariable String session, HttpRequest<?> request) {
        Optional<BuiltInCheckout.StoredSession> found = gateway.session(session);
        if (found.isEmpty()) {
            return unknown(request);
        }
        if (found.get().outcome() != null) {
            return seeOther(found.get().returnUrl());
        }
        return page(HttpStatus.OK, found.get(), null);
    }

    @Post("/{session}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public MutableHttpResponse<String> pay(@PathVariable String session, @Body Map<String, String> fields, HttpRequest<?> request) {
        Optional<BuiltInCheckout.StoredSession> found = gateway.session(session);
        if (found.isEmpty()) {
            return unknown(request);
        }
        if (!formTokens.accepts(fields.get("form_token"), session)) {
            return errors.page(HttpStatus.FORBIDDEN, RequestIds.of(request));
        }
        Optional<BuiltInCheckout.Outcome> outcome = BuiltInCheckout.Outcome.of(fields.get("outcome"));
        if (outcome.isEmpty()) {
            return page(HttpStatus.UNPROCESSABLE_ENTITY, found.get(), "Choose one of the test outcomes.");
        }
        transactions.executeWrite(status -> {
            if (gateway.complete(session, outcome.get())) {
                work.scheduleIfNotExists(PaymentWork.BUILTIN_NOTIFICATION.instance(session).data(session)
                        .scheduledTo(Timestamps.now(clock)));
            }
            return null;
        });
        return seeOther(found.get().returnUrl());
    }

    /**
     * The page of a session link that does not exist: 404, or 429 once the client opened too
     * many unknown links (the limit every link of the applicants' pages shares).
     */
    private MutableHttpResponse<String> unknown(HttpRequest<?> request) {
        Optional<Duration> wait = limiter.unknownLink(clients.of(request));
        if (wait.isPresent()) {
            return errors.page(HttpStatus.TOO_MANY_REQUESTS, RequestIds.of(request))
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, wait.get().toSeconds())));
        }
        return errors.page(HttpStatus.NOT_FOUND, RequestIds.of(request));
    }

    private MutableHttpResponse<String> page(HttpStatus status, BuiltInCheckout.StoredSession session, String error) {
        Context context = new Context(Locale.US);
        context.setVariable("amount", PaymentReceipts.amount(session.amountCents(), session.currency()));
        context.setVariable("description", session.description());
        context.setVariable("cancelUrl", session.cancelUrl());
        context.setVariable("formToken", formTokens.issue(session.id()));
        context.setVariable("error", error);
        return HttpResponse.<String>status(status).contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8")
                .body(templates.process("pages/checkout", context));
    }

    private static MutableHttpResponse<String> seeOther(String url) {
        return HttpResponse.<String>status(HttpStatus.SEE_OTHER).header(HttpHeaders.LOCATION, url);
    }
}
