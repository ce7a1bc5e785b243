package io.tenantscreening.notices;

import io.tenantscreening.agency.AgencySettings;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Collections;
import java.util.List;

import static io.tenantscreening.notices.NoticeFixtures.PdfText;
import static io.tenantscreening.notices.NoticeFixtures.agency;
import static io.tenantscreening.notices.NoticeFixtures.conditionalWithoutScore;
import static io.tenantscreening.notices.NoticeFixtures.declineWithScore;
import static io.tenantscreening.notices.NoticeFixtures.preAdverse;
import static io.tenantscreening.notices.NoticeFixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The notices as PDFs, read back as text: openapi.yaml#adverse-action lists what
 * the adverse action notice states (the elements of FCRA section 615(a), each checked by
 * itself below), and what the pre-adverse notice carries (the report, the deadline and how to
 * respond, the summary of consumer rights of FCRA section 609(c) in full). Both name the
 * landlord, the property, the applicant, the date and the adverse action; a notice with a
 * credit score takes two pages.
 */
class NoticeDocumentsTest {

    private final NoticeDocuments documents = new NoticeDocuments(new NoticeTemplates(""), agency());

    @Test
    void theAdverseActionNoticeOfADenialWithACreditScoreStatesEveryElementOf615a() {
        PdfText notice = read(documents.render(declineWithScore()));

        assertThat(notice.text())
                .as("615(a)(1): notice that adverse action was taken")
                .contains("Notice of adverse action")
                .contains("We have decided not to approve your application to rent this property.");
        assertThat(notice.text())
                .as("the reasons, reason codes in plain words (the reason codes of openapi.yaml) and others as given")
                .contains("Your report shows more eviction records in recent years than our rental criteria allow.")
                .contains("Your credit score is below the minimum that our rental criteria require.")
                .contains("Rental history could not be confirmed")
                .doesNotContain("evictions_above_maximum", "credit_score_below_minimum");
        assertThat(notice.text())
                .as("615(a)(2) and 609(f)(1)(B)-(E), 609(f)(9): the score, the model's range, its key factors in the "
                        + "model's order with inquiries as a fifth, its date, who supplied the score and the file")
                .contains("Your credit score")
                .contains("Your score 560")
                .contains("Scoring model VantageScore 4.0")
                .contains("Score range from 300 to 850")
                .contains("Key factors that hurt your score, most important first 1. Balances are high compared with credit "
                        + "limits (T10) 2. The amount owed on accounts is high (T12) 3. Too many accounts carry a balance (T18) "
                        + "4. The accounts have been open for a short time (T14) 5. Too many inquiries in the last 12 months (T08) "
                        + "(the number of inquiries)")
                .contains("Date of score November 20, 2026")
                .contains("Score supplied by Fictitious Credit Bureau")
                .contains("Credit file supplied by Fictitious Credit Bureau, 9 Bureau Way, Austin, TX 78701, telephone "
                        + "1-800-555-0142");
        assertThat(notice.text())
                .as("615(a)(3)(A): the consumer reporting agency's name, address and toll-free telephone number")
                .contains("Fictitious Reporting Agency 1 Test Plaza, Suite 99, Austin, TX 78701 Toll-free telephone: 1-800-555-0199");
        assertThat(notice.text())
                .as("615(a)(3)(B): the agency did not make the decision and cannot explain why it was made")
                .contains("Fictitious Reporting Agency did not make this decision and cannot explain to you why it was made.");
        assertThat(notice.text())
                .as("615(a)(4)(A): the right to a free copy of the report from the agency if asked for within 60 days")
                .contains("You have the right to a free copy of your report from Fictitious Reporting Agency if you ask for it"
                        + " within 60 days of receiving this notice.");
        assertThat(notice.text())
                .as("615(a)(4)(B): the right to dispute the accuracy or completeness of the report with the agency")
                .contains("You have the right to dispute with Fictitious Reporting Agency the accuracy or completeness of any"
                        + " information in your report.");
        assertThat(notice.text())
                .as("the landlord, applicant, property, date (the agency's time zone) and reference")
                .contains("From Sunrise Property Group LLC")
                .contains("To Jane Q. Applicant")
                .contains("Property 12 Main St, Apt 4, Austin, TX 78701")
                .contains("Date November 25, 2026")
                .contains("Reference aa_2Hs4Jd6Kf8Lg1Zm3Xn5Cb7Vq");
        assertThat(notice.text()).as("the template version, in small print").containsPattern("Notice templates 2026-11-25 \\([0-9a-f]{8}\\)");
        assertThat(notice.text()).as("a live notice is no test notice").doesNotContain("TEST NOTICE");
        assertThat(notice.title()).isEqualTo("Notice of adverse action aa_2Hs4Jd6Kf8Lg1Zm3Xn5Cb7Vq");
        assertThat(notice.pages()).as("pages: the score's disclosure takes the notice onto a second one").isEqualTo(2);
    }

    /** FCRA 609(f)(1)(C) by way of 615(a)(2): a model that gave no key factors is stated as such, and no factor is invented. */
    @Test
    void aScoreWhoseModelGaveNoFactorsIsStatedAsSuch() {
        PdfText notice = read(documents.render(NoticeFixtures.declineWith(new CreditScoreDisclosure(700, "VantageScore 4.0",
                new CreditScoreDisclosure.Range(300, 850), List.of(), LocalDate.of(2026, 11, 20),
                new CreditScoreDisclosure.Source("Fictitious Credit Bureau", null, null),
                new CreditScoreDisclosure.Source("Fictitious Credit Bureau", null, null)))));

        assertThat(notice.text()).contains("Key factors that hurt your score, most important first The scoring model gave no "
                + "key factors with this score.").doesNotContain("1. ");
    }

    /**
     * FCRA 615(a)(2): what the provider did not supply (a report stored before providers gave
     * it) is stated as not supplied; the notice never fills in a range, a date or a source.
     */
    @Test
    void whatTheProviderDidNotSupplyIsStatedAsNotSupplied() {
        PdfText notice = read(documents.render(NoticeFixtures.declineWith(new CreditScoreDisclosure(560, "VantageScore 4.0",
                null, null, null, null, null))));

        assertThat(notice.text()).contains("Score range Not supplied with the score.", "Date of score Not supplied with the score.",
                "Score supplied by Not supplied with the score.", "Credit file supplied by Not supplied with the score.",
                "most important first Not supplied with the score.").doesNotContain("300", "850");
    }

    @Test
    void theAdverseActionNoticeOfAConditionalApprovalStatesItsConditionsAndNoScoreWithoutOne() {
        PdfText notice = read(documents.render(conditionalWithoutScore()));

        assertThat(notice.text())
                .as("615(a)(1): the adverse action taken is an approval only on conditions, which are stated")
                .contains("We can approve your application to rent this property only on these conditions:"
                        + " A co-signer, or a security deposit of two months' rent.");
        assertThat(notice.text())
                .as("the reason in words")
                .contains("Your verified income is lower than our rental criteria require for this rent.");
        assertThat(notice.text())
                .as("615(a)(2) applies only when a credit score was used")
                .doesNotContain("Your credit score", "Score range");
        assertThat(notice.text())
                .as("615(a)(3) and (4) whatever the decision")
                .contains("Fictitious Reporting Agency 1 Test Plaza, Suite 99, Austin, TX 78701 Toll-free telephone: 1-800-555-0199")
                .contains("did not make this decision and cannot explain to you why it was made")
                .contains("within 60 days of receiving this notice")
                .contains("the accuracy or completeness of any information in your report");
        assertThat(notice.text())
                .as("the landlord, applicant, property, date and reference")
                .contains("From Maple Court Rentals", "To John Roe", "Property 40 Elm Rd, Denver, CO 80202", "Date November 25, 2026",
                        "Reference aa_test_7Yh8Uj0Ik2Ol4Pm6Qn8Rb1Sc");
        assertThat(notice.text()).as("Test mode: a test notice says so").contains("TEST NOTICE: made with a test API key.");
        assertThat(notice.pages()).as("pages").isEqualTo(1);
    }

    @Test
    void thePreAdverseNoticeCarriesTheReportTheDeadlineHowToRespondAndASummaryOfRights() {
        PdfText notice = read(documents.render(preAdverse()));

        assertThat(notice.text())
                .as("adverse action is being considered, based on the report, and not yet decided")
                .contains("Pre-adverse action notice")
                .contains("We are considering not approving your application to rent this property.")
                .contains("based in whole or in part on information in a consumer report about you from Fictitious Reporting Agency."
                        + " We have not made a final decision.")
                .contains("Your report shows a criminal record within the period that our rental criteria consider.");
        assertThat(notice.text())
                .as("the copy of the report that comes with it")
                .contains("A copy of the report comes with this notice (attached to the email that brought it, as screening-report.pdf).");
        assertThat(notice.text())
                .as("the deadline, as a person writes it in the agency's time zone, and how to respond")
                .contains("Respond by Wednesday, December 2, 2026 at 10:04 AM EST")
                .contains("tell Sunrise Property Group LLC by Wednesday, December 2, 2026 at 10:04 AM EST")
                .contains("contact Fictitious Reporting Agency as well: toll-free at 1-800-555-0199, or by mail at 1 Test Plaza, Suite 99,"
                        + " Austin, TX 78701.");
        assertThat(notice.text())
                .as("a summary of the applicant's rights")
                .contains("A summary of your rights under the Fair Credit Reporting Act");
        assertThat(notice.text())
                .as("the landlord, applicant, property, date and reference")
                .contains("From Sunrise Property Group LLC", "To Jane Q. Applicant", "Property 12 Main St, Apt 4, Austin, TX 78701",
                        "Date November 25, 2026", "Reference aa_5Gt6Hy7Ju8Ki9Lo0Pa1Sd2Fg");
        assertThat(notice.text()).as("the template version").containsPattern("Notice templates 2026-11-25 \\([0-9a-f]{8}\\)");
        assertThat(notice.pages()).as("pages, the summary of rights running over").isEqualTo(3);
    }

    /**
     * FCRA section 609(c), 12 CFR part 1022 appendix K: the pre-adverse notice carries the
     * summary of consumer rights in full, every element of the model form, the federal
     * agencies with their addresses among them; before the notice's small print.
     */
    @Test
    void thePreAdverseNoticeCarriesEveryElementOfTheSummaryOfConsumerRights() {
        String text = read(documents.render(preAdverse())).text();

        AppendixK.assertEveryElementIn("the pre-adverse notice",
                text.replaceAll("Pre-adverse action notice, reference \\S+ Page \\d+ of \\d+ ", ""));
        assertThat(text).containsSubsequence("How to respond", "A summary of your rights under the Fair Credit Reporting Act",
                "Who enforces the law", "Fictitious Reporting Agency sent this notice on behalf of Sunrise Property Group LLC");
    }

    @Test
    void aPreAdverseNoticeWithoutItsDeadlineIsNotMade() {
        NoticeFacts facts = preAdverse();
        NoticeFacts withoutDeadline = new NoticeFacts(facts.kind(), facts.adverseActionId(), true, facts.issuedAt(), facts.applicantName(),
                facts.applicantEmail(), facts.propertyAddress(), facts.landlordName(), facts.decision(), null, facts.reasons(), null, null,
                facts.reportId());

        assertThatThrownBy(() -> documents.render(withoutDeadline)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void datesAndTimesAreWrittenInTheAgencysTimeZoneWithItsAbbreviation() {
        AgencySettings pacific = agency();
        pacific.setTimeZone(ZoneId.of("America/Los_Angeles"));
        NoticeFacts facts = preAdverse();
        NoticeFacts lateAtNight = new NoticeFacts(facts.kind(), facts.adverseActionId(), true, Instant.parse("2026-11-26T05:30:00Z"),
                facts.applicantName(), facts.applicantEmail(), facts.propertyAddress(), facts.landlordName(), facts.decision(),
                null, facts.reasons(), null, Instant.parse("2026-07-03T23:59:00Z"), facts.reportId());

        PdfText notice = read(new NoticeDocuments(new NoticeTemplates(""), pacific).render(lateAtNight));

        assertThat(notice.text()).contains("Date November 25, 2026", "Respond by Friday, July 3, 2026 at 4:59 PM PDT");
    }

    @Test
    void whatTheIntegratorWroteIsPrintedAsTextNeverAsTheTemplatesMarkup() {
        NoticeFacts facts = declineWithScore();
        NoticeFacts marked = new NoticeFacts(facts.kind(), facts.adverseActionId(), true, facts.issuedAt(), "Ann <b>O'Neil</b> & Co",
                facts.applicantEmail(), facts.propertyAddress(), "Smith & Sons <Rentals>", facts.decision(), null,
                List.of("</li></ul><h1>Approved</h1>", "Payments \"late\" & unpaid"), null, null, facts.reportId());

        PdfText notice = read(documents.render(marked));

        assertThat(notice.text()).contains("To Ann <b>O'Neil</b> & Co", "From Smith & Sons <Rentals>", "</li></ul><h1>Approved</h1>",
                "Payments \"late\" & unpaid");
    }

    @Test
    void aNoticeLongerThanAPageGoesOnToNumberedPagesAndAWordLongerThanALineIsBroken() {
        NoticeFacts facts = declineWithScore();
        List<String> reasons = Collections.nCopies(10, "A reason in the integrator's own words, as long as the contract allows. ".repeat(5)
                .substring(0, 290));
        String longWord = "x".repeat(300);
        NoticeFacts longOne = new NoticeFacts(facts.kind(), facts.adverseActionId(), true, facts.issuedAt(), facts.applicantName(),
                facts.applicantEmail(), facts.propertyAddress(), facts.landlordName(), "conditional", longWord, reasons, facts.creditScore(),
                null, facts.reportId());

        PdfText notice = read(documents.render(longOne));

        assertThat(notice.pages()).isEqualTo(2);
        assertThat(notice.text()).contains("Page 1 of 2", "Page 2 of 2", "Notice of adverse action, reference aa_2Hs4Jd6Kf8Lg1Zm3Xn5Cb7Vq");
        assertThat(notice.text().replace(" ", "")).contains(longWord);
    }

    @Test
    void aCharacterTheFontLacksPrintsAsAQuestionMark() {
        NoticeFacts facts = declineWithScore();
        NoticeFacts named = new NoticeFacts(facts.kind(), facts.adverseActionId(), true, facts.issuedAt(), "Zoë Łukasiewicz 王",
                facts.applicantEmail(), facts.propertyAddress(), facts.landlordName(), facts.decision(), null, facts.reasons(), null, null,
                facts.reportId());

        assertThat(read(documents.render(named)).text()).contains("To Zoë Łukasiewicz ?");
    }

    /**
     * POST /adverse_actions, rule 11: under a place's fair-chance rules the pre-adverse notice
     * states each rule, the deadline and the place's period in business days (where it sets one), the right to
     * send evidence of inaccuracies and mitigating information, and the factors the rules list;
     * the adverse action notice states the assessment given. A notice no such rule reaches
     * says nothing of them.
     */
    @Test
    void underAPlacesFairChanceRulesTheNoticesStateTheRuleThePeriodAndTheAssessment() {
        NoticeFacts.FairChance fairChance = new NoticeFacts.FairChance(
                List.of("N.Y.C. Admin. Code § 8-107(5)(o) (us-ny-new-york-city)"), true, 5,
                List.of("the nature of the offense", "the time since the offense"),
                List.of("the time since the offense"), "Weighed with four years of rent paid on time.");
        NoticeFacts pre = NoticeFixtures.preAdverse();
        NoticeFacts preUnderRules = new NoticeFacts(pre.kind(), pre.adverseActionId(), pre.liveMode(), pre.issuedAt(),
                pre.applicantName(), pre.applicantEmail(), pre.propertyAddress(), pre.landlordName(), pre.decision(),
                pre.conditions(), pre.reasons(), pre.creditScore(), pre.responseDeadline(), pre.reportId(), fairChance);
        NoticeFacts fin = declineWithScore();
        NoticeFacts finalUnderRules = new NoticeFacts(fin.kind(), fin.adverseActionId(), fin.liveMode(), fin.issuedAt(),
                fin.applicantName(), fin.applicantEmail(), fin.propertyAddress(), fin.landlordName(), fin.decision(),
                fin.conditions(), fin.reasons(), fin.creditScore(), fin.responseDeadline(), fin.reportId(), fairChance);

        assertThat(read(documents.render(preUnderRules)).text())
                .contains("Your rights under the fair-chance housing law of this property's area")
                .contains("N.Y.C. Admin. Code § 8-107(5)(o) (us-ny-new-york-city)")
                .contains("Until Wednesday, December 2, 2026")
                .contains("you may send")
                .contains("The law of this area gives you at least 5 business days for this.")
                .contains("evidence that anything in the report is inaccurate")
                .contains("evidence of rehabilitation or other mitigating circumstances")
                .contains("The law lists these factors for that assessment: • the nature of the offense • the time since the offense");
        NoticeFacts.FairChance noPeriod = new NoticeFacts.FairChance(List.of("Cook County Code § 42-38 (us-il-cook-county)"),
                true, 0, List.of(), List.of(), null);
        assertThat(read(documents.render(new NoticeFacts(pre.kind(), pre.adverseActionId(), pre.liveMode(), pre.issuedAt(),
                pre.applicantName(), pre.applicantEmail(), pre.propertyAddress(), pre.landlordName(), pre.decision(),
                pre.conditions(), pre.reasons(), pre.creditScore(), pre.responseDeadline(), pre.reportId(), noPeriod))).text())
                .as("a place that sets no period of its own states the deadline, never a count of 0 days")
                .contains("Until Wednesday, December 2, 2026").doesNotContain("0 business days");
        assertThat(read(documents.render(finalUnderRules)).text())
                .contains("How your criminal history was assessed")
                .contains("The factors the landlord considered: • the time since the offense")
                .contains("How the landlord weighed them: Weighed with four years of rent paid on time.");
        assertThat(read(documents.render(NoticeFixtures.preAdverse())).text()).doesNotContain("fair-chance");
        assertThat(read(documents.render(fin)).text()).doesNotContain("How your criminal history was assessed");
    }

}
