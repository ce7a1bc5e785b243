package io.tenantscreening.notices;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.properties.Property;
import io.tenantscreening.reports.Procurement;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportPdf;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.tenantscreening.notices.NoticeFixtures.agency;
import static io.tenantscreening.notices.NoticeFixtures.declineWithScore;
import static io.tenantscreening.notices.NoticeFixtures.preAdverse;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The documents the applicant receives, as pictures a reviewer looks at: the adverse action
 * notice with a credit score, the pre-adverse notice and the applicant's copy of a report
 * (with who received reports in the past year, then the summary of consumer rights). Each page is rendered to
 * {@code target/document-pictures/<document>.png} (later pages {@code <document>-<page>.png});
 * docs/images holds the copies the
 * guides show (copy them from there after changing a template or the layout). Their text is
 * read back by {@link NoticeDocumentsTest} and the reports' tests.
 */
class DocumentPicturesTest {

    private static final Path PICTURES = Path.of("target", "document-pictures");
    private static final Instant AT = Instant.parse("2026-11-25T15:04:00Z");
    private static final int DPI = 60;

    @Test
    void everyPageOfEveryDocumentRendersAsAPicture() throws IOException {
        NoticeDocuments notices = new NoticeDocuments(new NoticeTemplates(""), agency());
        Map<String, byte[]> documents = Map.of(
                "notice-adverse-action", notices.render(declineWithScore()),
                "notice-pre-adverse", notices.render(preAdverse()),
                "applicant-copy", new ReportPdf(agency(), new RightsSummary(new NoticeTemplates(""), agency())).renderForApplicant(report(), order(), "Sunrise Property Group LLC",
                        new ReportPdf.ApplicantFile(List.of(
                                new Procurement(AT, "Rentwise Platform", "Sunrise Property Group LLC",
                                        "12 Main St, Suite 4, Austin, TX 78701", "+15125550100"),
                                new Procurement(Instant.parse("2026-03-02T15:00:00Z"), "Acme Property Management", null, null, null)),
                                AT)));
        Files.createDirectories(PICTURES);

        for (Map.Entry<String, byte[]> document : documents.entrySet()) {
            try (PDDocument pdf = Loader.loadPDF(document.getValue())) {
                PDFRenderer renderer = new PDFRenderer(pdf);
                for (int page = 0; page < pdf.getNumberOfPages(); page++) {
                    BufferedImage picture = renderer.renderImageWithDPI(page, DPI);
                    assertThat(picture.getWidth()).as(document.getKey()).isEqualTo(Math.round(8.5f * DPI));
                    ImageIO.write(picture, "png", PICTURES.resolve(document.getKey() + (page == 0 ? "" : "-" + (page + 1)) + ".png")
                            .toFile());
                }
            }
        }
        assertThat(PICTURES.resolve("notice-adverse-action-2.png")).as("the notice with a score takes two pages").exists();
        assertThat(PICTURES.resolve("applicant-copy-2.png")).as("the summary of rights starts a page of its own").exists();
    }

    private static Report report() {
        String credit = "{\"score_model\":\"VantageScore 4.0\",\"score\":560,\"tradelines\":{\"total\":9,\"open\":4,\"delinquent\":0,"
                + "\"total_balance_cents\":1845000},\"score_range\":{\"min\":300,\"max\":850},\"score_factors\":["
                + "{\"code\":\"T10\",\"description\":\"Balances on revolving accounts are high compared with their credit limits\","
                + "\"inquiries\":false},{\"code\":\"T12\",\"description\":\"The amount owed on accounts is high\",\"inquiries\":false},"
                + "{\"code\":\"T08\",\"description\":\"Too many inquiries in the last 12 months\",\"inquiries\":true}],"
                + "\"score_date\":\"2026-11-25\",\"score_source\":{\"name\":\"Test Credit Bureau (fictitious)\",\"address\":null,"
                + "\"phone\":null},\"file_source\":{\"name\":\"Test Credit Bureau (fictitious)\","
                + "\"address\":\"1 Test Plaza, Suite 100, Austin, TX 78701\",\"phone\":\"1-800-555-0142\"}}";
        String eviction = "{\"records\":[{\"court\":\"Travis County Justice Court, Precinct 5\",\"filed_on\":\"2023-11-25\","
                + "\"case_type\":\"eviction\",\"disposition\":\"Judgment for plaintiff\",\"conviction\":null,"
                + "\"description\":\"Non-payment of rent\"}]}";
        return new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(
                new Report.CheckResult("credit", "test", false, credit),
                new Report.CheckResult("eviction", "test", true, eviction)), null, AT, AT);
    }

    private static OrderView order() {
        Order order = new Order("ord_test_1", Mode.TEST, OrderStatus.COMPLETED, "essential", List.of(), Payer.ORGANIZATION,
                "prop_test_1", "ap_test_1", null, null, null, null, AT, AT, AT, null, null);
        Applicant applicant = new Applicant("ap_test_1", "Jamie", "Rivera", "jamie.rivera@example.com", LocalDate.of(1990, 4, 12),
                null, "0005", AT);
        Property property = new Property("prop_test_1", "Oak Court", "12 Oak Street", "#4B", "Austin", "TX", "78701", AT);
        return new OrderView(order, null, List.of(), Set.of(), property, applicant, null);
    }
}
