package io.tenantscreening.copies;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Mode;
import io.tenantscreening.notices.AppendixK;
import io.tenantscreening.notices.NoticeTemplates;
import io.tenantscreening.notices.RightsSummary;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.unbescape.html.HtmlEscape;

import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.tenantscreening.copies.CopyFixtures.applicant;
import static io.tenantscreening.copies.CopyFixtures.copy;
import static io.tenantscreening.copies.CopyFixtures.order;
import static io.tenantscreening.copies.CopyFixtures.property;
import static io.tenantscreening.disputes.ReportFixtures.COMPLETED;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * FCRA section 609(c), 12 CFR part 1022 appendix K: the applicant's copy is a written
 * disclosure to the consumer, and its page (views/pages/my-report.html, as
 * {@link ReportCopyPages#report} fills it) carries the summary of consumer rights in full,
 * after the report; its text is the summary's, escaped, never markup of its own.
 */
class ReportCopyRightsTest {

    private static final Report REPORT = new Report("rpt_1", Mode.LIVE, "ord_1", 1, Report.Status.COMPLETE, List.of(credit(712)),
            null, COMPLETED.minusSeconds(60), COMPLETED);

    @Test
    void thePageCarriesEveryElementOfTheSummaryOfConsumerRightsAfterTheReport() {
        String html = page(new RightsSummary(new NoticeTemplates(""), agency()));
        String text = HtmlEscape.unescapeHtml(html.replaceAll("<[^>]*>", " "));

        AppendixK.assertEveryElementIn("the applicant's copy as a page", text);
        assertThat(html).containsSubsequence("id=\"check-credit\"", "id=\"summary-of-rights\"",
                "<h2>A summary of your rights under the Fair Credit Reporting Act</h2>",
                "<p><strong>You must be told when information in your file is used against you.</strong>",
                "<li><strong>Brokers and dealers:</strong><br>Securities and Exchange Commission");
    }

    private static String page(RightsSummary rights) {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("views/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        TemplateEngine engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        Context context = new Context(Locale.US);
        context.setVariable("page", ReportCopyPage.of("Qk7xq0d3mZcV8n2LrT5sYwP1uA9eJ6hG4iF0oK3bN7c",
                copy(REPORT, applicant("6789", null), property(null, null), order("essential", List.of())),
                List.of("Example Screening LLC"), "Example Screening LLC", ZoneId.of("America/New_York")));
        context.setVariable("formToken", "form-token");
        context.setVariable("disputable", DisputeChoice.of(REPORT));
        context.setVariable("disputed", false);
        context.setVariable("disputeErrors", Map.of());
        context.setVariable("disputeOpened", null);
        context.setVariable("rights", rights.html());
        context.setVariable("afterDisputes", List.of());
        context.setVariable("afterDisputesStatus", Map.of());
        return engine.process("pages/my-report", context);
    }

    private static AgencySettings agency() {
        AgencySettings agency = new AgencySettings();
        agency.setName("Example Screening LLC");
        agency.setAddress("1 Test Plaza, Austin, TX 78701");
        agency.setPhone("1-800-555-0199");
        return agency;
    }
}
