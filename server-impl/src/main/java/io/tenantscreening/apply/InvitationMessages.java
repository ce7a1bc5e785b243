package io.tenantscreening.apply;

import io.micronaut.context.annotation.Value;
import io.tenantscreening.email.EmailMessage;
import jakarta.inject.Singleton;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * The words of an invitation: the email (text and HTML, templates email/invitation.txt
 * and .html) and the text message, each with the application link, the property and the
 * requester's name, and for a member of a rental application their own role.
 */
@Singleton
public class InvitationMessages {

    private final TemplateEngine templates = new TemplateEngine();
    private final int expiryDays;

    public InvitationMessages(@Value("${screening.orders.invitation-expiry-days}") int expiryDays) {
        this.expiryDays = expiryDays;
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("email/");
        resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
        resolver.setTextTemplateModePatterns(Set.of("*.txt"));
        resolver.setHtmlTemplateModePatterns(Set.of("*.html"));
        resolver.setTemplateMode(TemplateMode.HTML);
        templates.setTemplateResolver(resolver);
    }

    EmailMessage email(Invitation invitation) {
        Context context = new Context(Locale.US);
        String subject = subject(invitation);
        context.setVariable("invitation", invitation);
        context.setVariable("subject", subject);
        context.setVariable("expiryDays", expiryDays);
        return new EmailMessage(invitation.applicantEmail(), subject, templates.process("invitation.txt", context),
                templates.process("invitation.html", context));
    }

    String textMessage(Invitation invitation) {
        return invitation.requesterName() + " asks for your consent to a rental screening"
                + (invitation.householdRole() != null ? ", as " + invitation.roleWords() + "," : "") + " for "
                + (invitation.propertyName() != null ? invitation.propertyName() : invitation.propertyAddress())
                + ". Open your personal link: " + invitation.applicationUrl();
    }

    private static String subject(Invitation invitation) {
        return invitation.requesterName() + " asks for your rental screening";
    }
}
