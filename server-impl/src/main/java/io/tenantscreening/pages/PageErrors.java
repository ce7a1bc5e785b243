package io.tenantscreening.pages;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.tenantscreening.web.ErrorPages;
import jakarta.inject.Singleton;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

import java.util.Locale;

/**
 * Errors on the applicants' pages, as an HTML page (template views/pages/error.html) a
 * person can read, never the API's JSON envelope: a page that does not exist, a method the
 * page does not take, an unexpected failure with the id to quote.
 */
@Singleton
public class PageErrors implements ErrorPages {

    private final TemplateEngine templates;

    public PageErrors(TemplateEngine templates) {
        this.templates = templates;
    }

    @Override
    public MutableHttpResponse<String> page(HttpStatus status, String requestId) {
        Context context = new Context(Locale.US);
        context.setVariable("status", status.getCode());
        context.setVariable("title", switch (status) {
            case NOT_FOUND -> "This page does not exist";
            case GONE -> "This link is no longer available";
            case FORBIDDEN -> "This form cannot be accepted";
            case TOO_MANY_REQUESTS -> "Too many attempts";
            case SERVICE_UNAVAILABLE -> "Temporarily unavailable";
            case METHOD_NOT_ALLOWED -> "This page cannot be used that way";
            default -> status.getCode() >= 500 ? "Something went wrong" : "This request cannot be answered";
        });
        context.setVariable("explanation", switch (status) {
            case NOT_FOUND -> "The link may be mistyped or incomplete. Open it again from the message you received.";
            case GONE -> "The application it opened was already submitted, or it was canceled or expired. If you did not "
                    + "submit it, contact the organisation that asked for your screening.";
            case FORBIDDEN -> "It did not come from this application's page. Open the link from your message again and "
                    + "fill in the form there.";
            case SERVICE_UNAVAILABLE -> "The service cannot be used for a moment. Please try again in a few minutes; "
                    + "nothing was saved from this attempt.";
            case TOO_MANY_REQUESTS -> "This link does not exist, and this device or its network opened many that do not. "
                    + "Open the link from your message again, exactly as it was sent.";
            case METHOD_NOT_ALLOWED -> "Go back to the page and use its form.";
            default -> status.getCode() >= 500 ? "Please try again in a few minutes." : "Go back and try again.";
        });
        context.setVariable("requestId", requestId);
        return HttpResponse.<String>status(status)
                .contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8")
                .body(templates.process("pages/error", context));
    }
}
