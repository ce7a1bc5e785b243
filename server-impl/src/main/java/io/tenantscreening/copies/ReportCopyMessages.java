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

    /**
     * To the address the link before went to, when the applicant had a new link sent to
     * another ({@code link.movedFrom()}): that it happened, to which address (masked), and whom
     * to call if it was not them. No link and nothing of the report.
     */
    EmailMessage moved(ReportCopy copy) {
        Context context = new Context(Locale.US);
        String subject = "A link to your screening report went to another address";
        context.setVariable("subject", subject);
        context.setVariable("firstName", copy.order().applicant().firstName());
        context.setVariable("property", copy.order().property().oneLineAddress());
        context.setVariable("maskedAddress", masked(copy.link().email()));
        context.setVariable("agencyName", ReportSections.agencyName(agency));
        context.setVariable("agencyPhone", agency.getPhone() == null || agency.getPhone().isBlank() ? null : agency.getPhone());
        return new EmailMessage(copy.link().movedFrom(), subject, templates.process("report-copy-moved.txt", context),
                templates.process("report-copy-moved.html", context));
    }

    /** An address with its local part hidden but for its first character: {@code j•••@example.com}. */
    static String masked(String address) {
        int at = address.lastIndexOf('@');
        return address.charAt(0) + "\u2022\u2022\u2022" + address.substring(at);
    }
}
