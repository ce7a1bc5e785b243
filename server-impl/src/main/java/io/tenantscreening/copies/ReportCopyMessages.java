package io.tenantscreening.copies;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.reports.ReportSections;
import jakarta.inject.Singleton;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * The email with a link to the applicant's copy (text and HTML, templates
 * email/report-copy.txt and .html): who requested the screening, for which property, the
 * link and how long it works. Nothing of the report's contents: an email may be read by
 * others than its addressee, the page behind the link is where the report is.
 */
@Singleton
public class ReportCopyMessages {

    private final TemplateEngine templates = new TemplateEngine();
    private final AgencySettings agency;

    public ReportCopyMessages(AgencySettings agency) {
        this.agency = agency;
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("email/");
        resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
        resolver.setTextTemplateModePatterns(Set.of("*.txt"));
        resolver.setHtmlTemplateModePatterns(Set.of("*.html"));
        resolver.setTemplateMode(TemplateMode.HTML);
        templates.setTemplateResolver(resolver);
    }

    EmailMessage email(ReportCopy copy, String url, int linkDays) {
        Context context = new Context(Locale.US);
        String subject = "Your rental screening report is ready to read";
        context.setVariable("subject", subject);
        context.setVariable("firstName", copy.order().applicant().firstName());
        context.setVariable("procuredBy", copy.procuredBy());
        context.setVariable("property", copy.order().property().name() != null ? copy.order().property().name() + ", "
                + copy.order().property().oneLineAddress() : copy.order().property().oneLineAddress());
        context.setVariable("url", url);
        context.setVariable("linkDays", linkDays);
        context.setVariable("expires", ReportSections.day(copy.link().expiresAt().atZone(agency.getTimeZone()).toLocalDate()));
        return new EmailMessage(copy.link().email(), subject, templates.process("report-copy.txt", context),
                templates.process("report-copy.html", context));
    }
}
