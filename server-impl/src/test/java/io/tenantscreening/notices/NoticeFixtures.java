package io.tenantscreening.notices;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.common.Text;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

/** The facts of the notices the tests make, a fictitious agency, and the text of a PDF read back. */
final class NoticeFixtures {

    static final Instant ISSUED = Instant.parse("2026-11-25T15:04:00Z");
    static final Instant DEADLINE = Instant.parse("2026-12-02T15:04:00Z");
    static final CreditScoreDisclosure SCORE = new CreditScoreDisclosure(560, "VantageScore 4.0",
            new CreditScoreDisclosure.Range(300, 850),
            List.of(new CreditScoreDisclosure.Factor("T10", "Balances are high compared with credit limits", false),
                    new CreditScoreDisclosure.Factor("T12", "The amount owed on accounts is high", false),
                    new CreditScoreDisclosure.Factor("T18", "Too many accounts carry a balance", false),
                    new CreditScoreDisclosure.Factor("T14", "The accounts have been open for a short time", false),
                    new CreditScoreDisclosure.Factor("T08", "Too many inquiries in the last 12 months", true)),
            LocalDate.of(2026, 11, 20), new CreditScoreDisclosure.Source("Fictitious Credit Bureau", null, null),
            new CreditScoreDisclosure.Source("Fictitious Credit Bureau", "9 Bureau Way, Austin, TX 78701", "1-800-555-0142"));

    private NoticeFixtures() {
    }

    static AgencySettings agency() {
        AgencySettings agency = new AgencySettings();
        agency.setName("Fictitious Reporting Agency");
        agency.setAddress("1 Test Plaza, Suite 99, Austin, TX 78701");
        agency.setPhone("1-800-555-0199");
        agency.setTimeZone(ZoneId.of("America/New_York"));
        return agency;
    }

    /** A denial with a credit score, final notice, live mode. */
    static NoticeFacts declineWithScore() {
        return new NoticeFacts(NoticeKind.ADVERSE_ACTION, "aa_2Hs4Jd6Kf8Lg1Zm3Xn5Cb7Vq", true, ISSUED, "Jane Q. Applicant",
                "jane@example.com", "12 Main St, Apt 4, Austin, TX 78701", "Sunrise Property Group LLC", "decline", null,
                List.of("evictions_above_maximum", "credit_score_below_minimum", "Rental history could not be confirmed"),
                SCORE, null, "rpt_6Yh8Uj0Ik2Ol4Pm6Qn8Rb1Sc");
    }

    /** The denial with another credit score in the place of its own. */
    static NoticeFacts declineWith(CreditScoreDisclosure score) {
        NoticeFacts facts = declineWithScore();
        return new NoticeFacts(facts.kind(), facts.adverseActionId(), facts.liveMode(), facts.issuedAt(), facts.applicantName(),
                facts.applicantEmail(), facts.propertyAddress(), facts.landlordName(), facts.decision(), facts.conditions(),
                facts.reasons(), score, facts.responseDeadline(), facts.reportId());
    }

    /** A conditional approval without a credit score, final notice, test mode. */
    static NoticeFacts conditionalWithoutScore() {
        return new NoticeFacts(NoticeKind.ADVERSE_ACTION, "aa_test_7Yh8Uj0Ik2Ol4Pm6Qn8Rb1Sc", false, ISSUED, "John Roe",
                "john@apply.test", "40 Elm Rd, Denver, CO 80202", "Maple Court Rentals", "conditional",
                "A co-signer, or a security deposit of two months' rent.", List.of("income_below_ratio"), null, null,
                "rpt_test_1");
    }

    /** A pre-adverse notice of a denial being considered, live mode. */
    static NoticeFacts preAdverse() {
        return new NoticeFacts(NoticeKind.PRE_ADVERSE, "aa_5Gt6Hy7Ju8Ki9Lo0Pa1Sd2Fg", true, ISSUED, "Jane Q. Applicant",
                "jane@example.com", "12 Main St, Apt 4, Austin, TX 78701", "Sunrise Property Group LLC", "decline", null,
                List.of("criminal_record_in_lookback"), SCORE, DEADLINE, "rpt_6Yh8Uj0Ik2Ol4Pm6Qn8Rb1Sc");
    }

    static PdfText read(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PdfText(document.getNumberOfPages(), Text.collapse(new PDFTextStripper().getText(document)),
                    document.getDocumentInformation().getTitle());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A PDF read back: its page count, its text with every run of white space (line ends too) one space, its title. */
    record PdfText(int pages, String text, String title) {
    }
}
