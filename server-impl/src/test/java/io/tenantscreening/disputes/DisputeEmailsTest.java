package io.tenantscreening.disputes;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigation.Outcome;
import io.tenantscreening.screening.Reinvestigations;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import static io.tenantscreening.disputes.ReportFixtures.criminal;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The email of a dispute's outcome ({@link DisputeEmails}): to the applicant, each disputed
 * record or check and what became of it in plain words, with the report as it now stands
 * attached as a PDF (openapi.yaml#disputes, docs/integrators.md#disputes,
 * docs/integrators.md#the-applicants-journey); dates in the agency's time zone
 * (docs/operators.md#the-agency-and-its-notices).
 */
class DisputeEmailsTest {

    private static final byte[] PDF = {'%', 'P', 'D', 'F', '-', '1', '.', '7'};
    private static final String COPY_PAGE = "https://screening.example/my-report/q8Zr2Lk5Vb9Nc3Xm7Ht1Gf6Jd4Sa0Pw-Ue3Yi_Ko9Bn";
    private static final Findings.CourtRecord RECORD = eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5");
    private static final Applicant APPLICANT = new Applicant("ap_test_1", "Jane", "Doe", "jane@apply.test", null, null, "0001",
            Instant.parse("2026-11-01T00:00:00Z"));

    @Test
    void theApplicantGetsTheOutcomeWithTheReportAsItNowStandsAttached() {
        EmailMessage message = emails("Example Screening LLC").message(dispute(record(Outcome.DELETED)), APPLICANT, "rpt_test_9", PDF, COPY_PAGE);

        assertThat(message.to()).isEqualTo("jane@apply.test");
        assertThat(message.subject()).isEqualTo("The outcome of your dispute of your screening report");
        assertThat(message.attachments()).singleElement().satisfies(attachment -> {
            assertThat(attachment.filename()).isEqualTo("screening-report-rpt_test_9.pdf");
            assertThat(attachment.contentType()).isEqualTo("application/pdf");
            assertThat(attachment.content()).isEqualTo(PDF);
        });
        assertThat(message.text()).startsWith("Dear Jane Doe,").contains("(report rpt_test_9)").endsWith("Example Screening LLC\n");
    }

    /**
     * FCRA section 611(a)(6)(B): the notice of results states (i) that the reinvestigation is
     * complete, (ii) carries the report based on the file as revised, (iii) says a description
     * of the procedure, with each furnisher's business name, address and telephone number, is
     * given on request (within 15 days, 611(a)(7)), (iv) the right to add a statement (611(b))
     * and (v) the right to have earlier recipients told (611(d)), six months for these reports
     * and two years only for employment; the last three on the copy's page, which it links to.
     */
    @Test
    void theNoticeOfResultsStatesEveryElementTheLawAsksFor() {
        EmailMessage message = emails("Agency").message(dispute(record(Outcome.DELETED)), APPLICANT, "rpt_test_9", PDF, COPY_PAGE);

        assertThat(message.text()).contains("Our reinvestigation is complete",
                "Your report as it now stands, based on your file as revised, is attached (report rpt_test_9)",
                "if you ask, we will send you a description of how we reinvestigated what you disputed, including the business "
                        + "name and address of each furnisher of information we contacted and its telephone number where we have "
                        + "it, within 15 days of your request",
                "you have the right to add a short statement to your file", "(FCRA section 611(b))",
                "you have the right to ask us to tell anyone you choose who received a report about you in the past 6 months",
                "(FCRA section 611(d))", "two years for reports used for employment",
                "What you can do now, on your report's page (" + COPY_PAGE + "):");
        assertThat(message.attachments()).hasSize(1);
        assertThat(message.html()).contains("<a href=\"" + COPY_PAGE + "\">your report's page</a>", "within 15 days of your request",
                "(FCRA section 611(b))", "(FCRA section 611(d))");
    }

    @Test
    void eachRecordSaysWhereItWasFiledAndWhatBecameOfIt() {
        EmailMessage message = emails("Agency").message(dispute(record(Outcome.UPHELD), record(Outcome.CORRECTED),
                record(Outcome.DELETED), new Dispute.Item(CheckType.CRIMINAL, 0,
                        Reinvestigations.json(criminal(LocalDate.of(2019, 3, 2), true)), Outcome.UPHELD)), APPLICANT, "rpt_test_1", PDF, COPY_PAGE);

        String filed = "The eviction record filed June 14, 2021 at Travis County Justice Court, Precinct 5 (Unlawful detainer)";
        assertThat(message.text()).contains(
                "- " + filed + ": the source confirmed it as reported, so it stays on your report.\n"
                        + "- " + filed + ": the source corrected it, and your report now shows the corrected record.\n"
                        + "- " + filed + ": it could not be confirmed, so it has been removed from your report.\n"
                        + "- The criminal record filed March 2, 2019 at Travis County Court at Law No. 3 (Theft of property): "
                        + "the source confirmed it as reported, so it stays on your report.\n");
    }

    @Test
    void eachWholeCheckSaysWhatBecameOfItsFindings() {
        EmailMessage message = emails("Agency").message(dispute(
                new Dispute.Item(CheckType.CREDIT, null, "{}", Outcome.UPHELD),
                new Dispute.Item(CheckType.IDENTITY_VERIFICATION, null, "{}", Outcome.CORRECTED),
                new Dispute.Item(CheckType.EVICTION, null, "{}", Outcome.DELETED)), APPLICANT, "rpt_test_1", PDF, COPY_PAGE);

        assertThat(message.text()).contains(
                "- Your credit check: the source confirmed it as reported, so it stays on your report as it was.\n"
                        + "- Your identity verification check: the source corrected it, and your report now shows what the source "
                        + "found when it checked again.\n"
                        + "- Your eviction records check: it could not be confirmed, so its findings have been removed from your report.\n");
    }

    /**
     * FCRA 611(a)(6)(B) and 611(b) (docs/integrators.md#statements-of-dispute): where something
     * the dispute named stayed, the right to add a statement comes with the address of this
     * dispute's statement form, at most 100 words; where nothing stayed, the right alone.
     */
    @Test
    void whereSomethingStayedTheRightToAddAStatementLinksToTheDisputesForm() {
        EmailMessage stayed = emails("Agency").message(dispute(record(Outcome.UPHELD), record(Outcome.DELETED)), APPLICANT,
                "rpt_test_1", PDF, COPY_PAGE);
        EmailMessage removed = emails("Agency").message(dispute(record(Outcome.DELETED)), APPLICANT, "rpt_test_1", PDF, COPY_PAGE);

        assertThat(stayed.text()).contains("Write it, in at most 100 words, about what stayed in your report, and every report "
                + "about you that contains it will include your statement from now on: " + COPY_PAGE + "#statement-dsp_test_1\n");
        assertThat(removed.text()).contains("Add a statement: you have the right to add a short statement").doesNotContain("#statement-");
    }

    @Test
    void theDayOfTheDisputeIsTheAgencysDay() {
        Dispute lateEvening = new Dispute("dsp_test_1", Mode.TEST, "ord_test_1", "rpt_test_1", 1, Dispute.Status.RESOLVED,
                List.of(record(Outcome.UPHELD)), "Not mine.", Instant.parse("2026-11-26T03:30:00Z"),
                Instant.parse("2026-12-26T03:30:00Z"), Instant.parse("2026-11-26T04:00:00Z"), Dispute.ResolvedBy.REINVESTIGATION, 1, null);

        assertThat(emails("Agency").message(lateEvening, APPLICANT, "rpt_test_1", PDF, COPY_PAGE).text())
                .contains("in your screening report on November 25, 2026.");
    }

    @Test
    void withoutAnAgencyNameTheEmailIsSignedByTheConsumerReportingAgency() {
        assertThat(emails(" ").message(dispute(record(Outcome.UPHELD)), APPLICANT, "rpt_test_1", PDF, COPY_PAGE).text())
                .endsWith("\n\nThe consumer reporting agency\n");
        assertThat(emails(null).message(dispute(record(Outcome.UPHELD)), APPLICANT, "rpt_test_1", PDF, COPY_PAGE).html())
                .endsWith("<p>The consumer reporting agency</p>\n");
    }

    @Test
    void theHtmlVersionEscapesWhatItQuotes() {
        Applicant hostile = new Applicant("ap_test_2", "<b>Jane</b>", "O\"Doe & Co", "jane@apply.test", null, null, null,
                Instant.parse("2026-11-01T00:00:00Z"));
        Findings.CourtRecord record = new Findings.CourtRecord("<script>alert(1)</script>", LocalDate.of(2021, 6, 14), "eviction",
                null, null, "A & B");

        EmailMessage message = emails("A&B <Screening>").message(dispute(new Dispute.Item(CheckType.EVICTION, 0,
                Reinvestigations.json(record), Outcome.UPHELD)), hostile, "rpt_test_1", PDF, COPY_PAGE);

        assertThat(message.html()).contains("<p>Dear &lt;b&gt;Jane&lt;/b&gt; O&quot;Doe &amp; Co,</p>",
                        "at &lt;script&gt;alert(1)&lt;/script&gt; (A &amp; B)", "<p>A&amp;B &lt;Screening&gt;</p>")
                .doesNotContain("<script>", "<b>");
        assertThat(message.text()).contains("Dear <b>Jane</b> O\"Doe & Co,");
    }

    private static DisputeEmails emails(String agencyName) {
        AgencySettings agency = new AgencySettings();
        agency.setName(agencyName);
        agency.setTimeZone(ZoneId.of("America/New_York"));
        return new DisputeEmails(agency);
    }

    private static Dispute.Item record(Outcome outcome) {
        return new Dispute.Item(CheckType.EVICTION, 0, Reinvestigations.json(RECORD), outcome);
    }

    private static Dispute dispute(Dispute.Item... items) {
        return new Dispute("dsp_test_1", Mode.TEST, "ord_test_1", "rpt_test_1", 1, Dispute.Status.RESOLVED, List.of(items),
                "Not mine.", Instant.parse("2026-11-25T15:04:00Z"), Instant.parse("2026-12-25T15:04:00Z"),
                Instant.parse("2026-12-01T10:00:00Z"), Dispute.ResolvedBy.REINVESTIGATION, 2, null);
    }
}
