package io.tenantscreening.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.properties.Property;
import jakarta.inject.Singleton;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A report as a printable PDF (Apache PDFBox, US Letter): the report's result, the order,
 * the applicant (name, masked SSN, date of birth as the API shows it), the property, and
 * each check with its result and details. Text is set in Liberation Sans, which PDFBox
 * ships and which is embedded, so names in most scripts print; a character the font
 * lacks prints as '?'. Never a full SSN: the service does not have one to print.
 */
@Singleton
public class ReportPdf {

    private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final float MARGIN = 54;
    private static final float BODY = 10;
    private static final float LEADING = 1.45f;

    byte[] render(Report report, OrderView order) {
        try (PDDocument document = new PDDocument(); InputStream font = ReportPdf.class.getResourceAsStream(FONT)) {
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle("Tenant screening report " + report.id());
            info.setProducer("Tenant screening service");
            Page page = new Page(document, PDType0Font.load(document, font));
            write(page, report, order);
            page.close();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Page page, Report report, OrderView order) throws IOException {
        page.text("Tenant screening report", 18);
        page.text("Result: " + (report.consider() ? "CONSIDER (something needs a person's review)" : "CLEAR (nothing needs attention)"), 12);
        page.gap();
        page.text("Report " + report.id() + " of order " + report.orderId(), BODY);
        page.text("Provider: " + report.provider() + "    Mode: " + report.mode().dbValue(), BODY);
        page.text("Created " + report.createdAt() + "    Completed " + report.completedAt(), BODY);
        page.text("Package: " + order.order().packageSlug()
                + (order.order().addOnProducts().isEmpty() ? "" : "    Add-ons: " + String.join(", ", order.order().addOnProducts())), BODY);
        page.gap();
        Applicant applicant = order.applicant();
        page.text("Applicant", 12);
        page.text(applicant.firstName() + " " + applicant.lastName() + "    " + applicant.email(), BODY);
        page.text("SSN: " + (applicant.ssnLastFour() == null ? "none on file" : "XXX-XX-" + applicant.ssnLastFour())
                + "    Date of birth: " + (applicant.dob() == null ? "not collected" : applicant.dob()), BODY);
        page.gap();
        Property property = order.property();
        page.text("Property", 12);
        if (property.name() != null) {
            page.text(property.name(), BODY);
        }
        page.text(property.street() + (property.unit() == null ? "" : ", " + property.unit()), BODY);
        page.text(property.city() + ", " + property.state() + " " + property.zipcode(), BODY);
        boolean mixed = report.checks().stream().map(Report.CheckResult::provider).distinct().count() > 1;
        for (Report.CheckResult check : report.checks()) {
            page.gap();
            page.text(title(check.type()) + ": " + (check.consider() ? "consider" : "clear")
                    + (mixed ? " (provider: " + check.provider() + ")" : ""), 12);
            for (String line : details(check.type(), JSON.readTree(check.details()))) {
                page.text(line, BODY);
            }
        }
        page.gap();
        page.text("Results as the provider gave them. The full Social Security number is never shown.", 8);
    }

    private static List<String> details(String type, JsonNode details) {
        List<String> lines = new ArrayList<>();
        switch (type) {
            case "credit" -> {
                JsonNode score = details.path("score");
                lines.add("Score (" + details.path("score_model").asText() + "): "
                        + (score.isNull() ? "none, the file is too thin to score" : score.asText()));
                JsonNode tradelines = details.path("tradelines");
                lines.add("Tradelines: " + tradelines.path("total").asInt() + " in all, " + tradelines.path("open").asInt()
                        + " open, " + tradelines.path("delinquent").asInt() + " delinquent; balance "
                        + dollars(tradelines.path("total_balance_cents").asLong()));
            }
            case "eviction", "criminal" -> {
                if (details.path("records").isEmpty()) {
                    lines.add("No records found.");
                }
                for (JsonNode record : details.path("records")) {
                    lines.add(record.path("filed_on").asText() + ", " + record.path("court").asText() + ": "
                            + record.path("case_type").asText() + ", " + record.path("description").asText() + ". Disposition: "
                            + (record.path("disposition").isNull() ? "open" : record.path("disposition").asText()) + ".");
                }
            }
            case "identity_verification" -> {
                lines.add("Identity verified: " + (details.path("identity_verified").asBoolean() ? "yes" : "no"));
                details.path("reasons").forEach(reason -> lines.add("Reason: " + reason.asText()));
            }
            case "income_verification" -> {
                JsonNode income = details.path("verified_monthly_income_cents");
                lines.add("Verified gross monthly income: " + (income.isNull() ? "could not be verified" : dollars(income.asLong())));
            }
            default -> lines.add(details.toString());
        }
        return lines;
    }

    private static String title(String type) {
        return switch (type) {
            case "credit" -> "Credit";
            case "eviction" -> "Eviction records";
            case "criminal" -> "Criminal records";
            case "identity_verification" -> "Identity verification";
            case "income_verification" -> "Income verification";
            default -> type;
        };
    }

    private static String dollars(long cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents / 100.0);
    }

    /** Writes lines top to bottom, wrapping them and starting new pages as needed. */
    private static final class Page {
        private final PDDocument document;
        private final PDType0Font font;
        private PDPageContentStream content;
        private float y;

        Page(PDDocument document, PDType0Font font) throws IOException {
            this.document = document;
            this.font = font;
            newPage();
        }

        void text(String text, float size) throws IOException {
            for (String line : wrap(printable(text), size)) {
                if (y - size * LEADING < MARGIN) {
                    content.close();
                    newPage();
                }
                y -= size * LEADING;
                content.beginText();
                content.setFont(font, size);
                content.newLineAtOffset(MARGIN, y);
                content.showText(line);
                content.endText();
            }
        }

        void gap() {
            y -= BODY;
        }

        void close() throws IOException {
            content.close();
        }

        private void newPage() throws IOException {
            PDPage page = new PDPage(PDRectangle.LETTER);
            document.addPage(page);
            content = new PDPageContentStream(document, page);
            y = page.getMediaBox().getHeight() - MARGIN;
        }

        private List<String> wrap(String text, float size) throws IOException {
            float width = PDRectangle.LETTER.getWidth() - 2 * MARGIN;
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            for (String word : text.split(" ")) {
                String candidate = line.isEmpty() ? word : line + " " + word;
                if (line.isEmpty() || font.getStringWidth(candidate) / 1000 * size <= width) {
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
