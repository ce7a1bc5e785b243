package io.tenantscreening.reports;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.properties.Property;
import jakarta.inject.Singleton;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A report as a printable PDF (Apache PDFBox, US Letter): a header naming the consumer
 * reporting agency with its address and toll-free number ({@link AgencySettings}), the
 * report's result, the order, the applicant (name, masked SSN, date of birth), the
 * property, each check with its result and details, and a footer with the report's id and
 * the page number. Dates and times are written as people write them, in the agency's time
 * zone with its abbreviation ("November 25, 2026, 10:04 AM EST"; dates of records "June 14,
 * 2021"). Without an agency configured (development and tests; production requires one)
 * the header says so, as a development placeholder. The words of the checks are
 * {@link ReportSections}', which the applicant's page shows too. The applicant's copy
 * ({@link #renderForApplicant}) leaves out the recommendation and names who requested the
 * report.
 *
 * <p>Text is set in Liberation Sans, which PDFBox ships and which is embedded, so names in
 * most scripts print; a character the font lacks prints as '?'. Bold is the same font
 * filled and outlined: PDFBox ships no bold face, and a standard PDF font would have
 * PDFBox search the machine's fonts. Never a full SSN: the service does not have one to
 * print.
 */
@Singleton
public class ReportPdf {

    private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    private static final float MARGIN = 54;
    private static final float BODY = 10;
    private static final float SMALL = 8;
    private static final float LEADING = 1.4f;
    private static final float INDENT = 14;
    private static final float GRAY = 0.35f;
    private static final float RULE_GRAY = 0.7f;

    private final AgencySettings agency;

    public ReportPdf(AgencySettings agency) {
        this.agency = agency;
    }

    /** The report as the API serves it to the organisation, with its recommendation. */
    public byte[] render(Report report, OrderView order) {
        return render(report, order, null);
    }

    /**
     * The applicant's copy of the report: the same, but for the recommendation under the
     * organisation's policy (the organisation's own decision aid, not information the agency
     * has on the applicant), and with who procured the report ({@code procuredBy}).
     */
    public byte[] renderForApplicant(Report report, OrderView order, String procuredBy) {
        return render(report, order, procuredBy);
    }

    private byte[] render(Report report, OrderView order, String procuredBy) {
        try (PDDocument document = new PDDocument(); InputStream font = ReportPdf.class.getResourceAsStream(FONT)) {
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle("Tenant screening report " + report.id());
            info.setProducer("Tenant screening service");
            Page page = new Page(document, PDType0Font.load(document, font), ReportSections.agency(agency), "Report " + report.id());
            write(page, report, order, agency.getTimeZone(), procuredBy);
            page.close();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Page page, Report report, OrderView order, ZoneId zone, String procuredBy) throws IOException {
        page.strong("Tenant screening report", 18);
        page.strong(ReportSections.result(report), 12);
        if (procuredBy == null) {
            recommendation(page, report.recommendation());
        }
        page.gap();
        page.text("Report " + report.id() + " of order " + report.orderId(), BODY);
        version(page, report);
        page.text("Provider: " + report.provider() + "    Mode: " + report.mode().dbValue(), BODY);
        page.text("Date of report: " + ReportSections.moment(report.completedAt(), zone), BODY);
        if (procuredBy != null) {
            page.text("Requested by: " + procuredBy, BODY);
        }
        page.text("Package: " + order.order().packageSlug()
                + (order.order().addOnProducts().isEmpty() ? "" : "    Add-ons: " + String.join(", ", order.order().addOnProducts())), BODY);
        Applicant applicant = order.applicant();
        page.heading("Applicant");
        page.text(applicant.firstName() + " " + applicant.lastName() + "    " + applicant.email(), BODY);
        page.text("SSN: " + (applicant.ssnLastFour() == null ? "none on file" : "XXX-XX-" + applicant.ssnLastFour())
                + "    Date of birth: " + (applicant.dob() == null ? "not collected" : ReportSections.day(applicant.dob())), BODY);
        Property property = order.property();
        page.heading("Property");
        if (property.name() != null) {
            page.text(property.name(), BODY);
        }
        page.text(property.street() + (property.unit() == null ? "" : ", " + property.unit()), BODY);
        page.text(property.city() + ", " + property.state() + " " + property.zipcode(), BODY);
        for (ReportSections.Section check : ReportSections.checks(report)) {
            page.heading(check.heading());
            for (ReportSections.Line line : check.lines()) {
                if (line.detail()) {
                    page.detail(line.text());
                } else {
                    page.text(line.text(), BODY);
                }
            }
        }
    }

    /** Which version of the report this is, and whether a dispute of it is open (FCRA section 611); nothing for a first version as it stands. */
    private static void version(Page page, Report report) throws IOException {
        switch (report.status()) {
            case DISPUTED -> page.text("Version " + report.version() + ". The applicant disputes records of this report; "
                    + "they are being reinvestigated.", BODY);
            case SUPERSEDED -> page.text("Version " + report.version() + ", since replaced by a later version after the "
                    + "applicant disputed records of it.", BODY);
            case COMPLETE -> {
                if (report.version() > 1) {
                    page.text("Version " + report.version() + ", revised after the applicant disputed records of it.", BODY);
                }
            }
        }
    }

    /** The recommendation under the order's screening policy: the decision, the policy's name and each reason; nothing without a policy. */
    private static void recommendation(Page page, Recommendation recommendation) throws IOException {
        if (recommendation == null) {
            return;
        }
        page.heading("Recommendation: " + recommendation.decision().value().toUpperCase(Locale.ROOT) + " under the screening policy \""
                + recommendation.policyName() + "\"");
        if (recommendation.reasons().isEmpty()) {
            page.text("Every criterion of the policy is met.", BODY);
        }
        for (Recommendation.Reason reason : recommendation.reasons()) {
            page.text(reason.code().value() + " (" + reason.check() + "): " + reason.detail(), BODY);
        }
    }

    /**
     * Writes lines top to bottom, wrapping them and starting new pages as needed; each page
     * gets the agency's header at its top, and when the document is closed a footer with
     * the report and "Page n of m" at its bottom.
     */
    private static final class Page {
        private static final float HEADER_LABEL = 7;
        private static final float HEADER_NAME = 12;
        private static final float HEADER_TEXT = 9;
        private static final float HEADING = 11.5f;
        private static final float FOOTER_HEIGHT = 2 * SMALL * LEADING + 6;
        /** The outline that makes the regular face bold, as a share of the type size. */
        private static final float BOLD_STROKE = 0.035f;

        private final PDDocument document;
        private final PDFont font;
        private final List<String> agency;
        private final String reportLine;
        private PDPageContentStream content;
        private float y;

        Page(PDDocument document, PDFont font, List<String> agency, String reportLine) throws IOException {
            this.document = document;
            this.font = font;
            this.agency = agency;
            this.reportLine = reportLine;
            newPage();
        }

        /** A line (wrapped as needed) of the body. */
        void text(String text, float size) throws IOException {
            write(text, size, false, 0);
        }

        /** A line in bold: the title and the result. */
        void strong(String text, float size) throws IOException {
            write(text, size, true, 0);
        }

        /** A line indented under the one before: the particulars of a record. */
        void detail(String text) throws IOException {
            write(text, BODY, false, INDENT);
        }

        /** A new section: a thin rule, then its title in bold, on a new page when the title and a line would not fit. */
        void heading(String text) throws IOException {
            gap();
            if (y - (HEADING + BODY) * LEADING < MARGIN + FOOTER_HEIGHT) {
                content.close();
                newPage();
            }
            rule(y);
            y -= 3;
            write(text, HEADING, true, 0);
            y -= 1;
        }

        void gap() {
            y -= BODY * 0.8f;
        }

        /** Ends the last page and writes every page's footer, now that the pages are counted. */
        void close() throws IOException {
            content.close();
            int count = document.getNumberOfPages();
            for (int number = 1; number <= count; number++) {
                try (PDPageContentStream footer = new PDPageContentStream(document, document.getPage(number - 1),
                        PDPageContentStream.AppendMode.APPEND, true, true)) {
                    content = footer;
                    rule(MARGIN + FOOTER_HEIGHT - 2);
                    show("Results as the providers gave them, without the records too old to be reported. "
                            + "The full Social Security number is never shown.", SMALL, false, MARGIN, MARGIN + SMALL * LEADING, GRAY);
                    show(reportLine, SMALL, false, MARGIN, MARGIN, GRAY);
                    String pageLine = "Page " + number + " of " + count;
                    show(pageLine, SMALL, false, right() - width(pageLine, SMALL), MARGIN, GRAY);
                }
            }
        }

        private void newPage() throws IOException {
            PDPage page = new PDPage(PDRectangle.LETTER);
            document.addPage(page);
            content = new PDPageContentStream(document, page);
            y = page.getMediaBox().getHeight() - MARGIN - HEADER_LABEL;
            show("CONSUMER REPORTING AGENCY", HEADER_LABEL, true, MARGIN, y, GRAY);
            for (int i = 0; i < agency.size(); i++) {
                float size = i == 0 ? HEADER_NAME : HEADER_TEXT;
                for (String line : wrap(printable(agency.get(i)), size, 0)) {
                    y -= size * LEADING;
                    show(line, size, false, MARGIN, y, i == 0 ? 0 : GRAY);
                }
            }
            y -= 8;
            rule(y);
            y -= 10;
        }

        private void write(String text, float size, boolean bold, float indent) throws IOException {
            for (String line : wrap(printable(text), size, indent)) {
                if (y - size * LEADING < MARGIN + FOOTER_HEIGHT) {
                    content.close();
                    newPage();
                }
                y -= size * LEADING;
                show(line, size, bold, MARGIN + indent, y, 0);
            }
        }

        private void show(String line, float size, boolean bold, float x, float baseline, float gray) throws IOException {
            content.beginText();
            content.setNonStrokingColor(gray, gray, gray);
            content.setStrokingColor(gray, gray, gray);
            content.setLineWidth(size * BOLD_STROKE);
            content.setRenderingMode(bold ? RenderingMode.FILL_STROKE : RenderingMode.FILL);
            content.setFont(font, size);
            content.newLineAtOffset(x, baseline);
            content.showText(line);
            content.endText();
        }

        private void rule(float at) throws IOException {
            content.setStrokingColor(RULE_GRAY, RULE_GRAY, RULE_GRAY);
            content.setLineWidth(0.5f);
            content.moveTo(MARGIN, at);
            content.lineTo(right(), at);
            content.stroke();
        }

        private static float right() {
            return PDRectangle.LETTER.getWidth() - MARGIN;
        }

        private float width(String text, float size) throws IOException {
            return font.getStringWidth(text) / 1000 * size;
        }

        private List<String> wrap(String text, float size, float indent) throws IOException {
            float width = right() - MARGIN - indent;
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            for (String word : text.split(" ")) {
                String candidate = line.isEmpty() ? word : line + " " + word;
                if (line.isEmpty() || width(candidate, size) <= width) {
                    line.setLength(0);
                    line.append(candidate);
                } else {
                    lines.add(line.toString());
                    line.setLength(0);
                    line.append(word);
                }
            }
            lines.add(line.toString());
            return lines;
        }

        /** The text with each character the font cannot show replaced by '?'. */
        private String printable(String text) {
            StringBuilder out = new StringBuilder(text.length());
            text.codePoints().forEach(codePoint -> {
                String character = Character.toString(codePoint);
                try {
                    font.encode(character);
                    out.append(character);
                } catch (IllegalArgumentException | IOException e) {
                    out.append('?');
                }
            });
            return out.toString();
        }
    }
}
