package io.tenantscreening.disputes;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinsertions;
import io.tenantscreening.screening.Reinvestigation.Outcome;
import io.tenantscreening.screening.Reinvestigations;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static io.tenantscreening.disputes.ReportFixtures.report;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * What the consumer is told and offered after a dispute (openapi.yaml#disputes): the
 * description of how it was reinvestigated (FCRA section 611(a)(7), 611(a)(6)(B)(iii)), the
 * notice of a reinsertion (611(a)(5)(B)(iii)), which deletions earlier recipients may be told
 * of (611(d); openapi.yaml#report-notices), and when a dispute by mail or telephone was
 * received (611(a)(1)(A)).
 */
class AfterDisputeNoticesTest {

    private static final Findings.CourtRecord RECORD = eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5");
    private static final Findings.Source COURTS = new Findings.Source("Example Court Data", "3 Main St, Austin, TX 78701", "1-800-555-0100");
    private static final Findings.Source NO_PHONE = new Findings.Source("Example Identity", "4 Main St, Austin, TX 78701", null);
    private static final Applicant APPLICANT = new Applicant("ap_test_1", "Jane", "Doe", "jane@apply.test", null, null, "0001",
            Instant.parse("2026-11-01T00:00:00Z"));
    private static final String COPY_PAGE = "https://screening.example/my-report/q8Zr2Lk5Vb9Nc3Xm7Ht1Gf6Jd4Sa0Pw-Ue3Yi_Ko9Bn";

    /**
     * FCRA 611(a)(6)(B)(iii): each item names the provider asked and the furnisher it contacted,
     * by business name and address, with its telephone number or that none is available.
     */
    @Test
    void theDescriptionNamesTheProviderAndTheFurnisherContactedForEachItem() {
        Dispute dispute = resolved(Dispute.ResolvedBy.REINVESTIGATION, item(Outcome.DELETED),
                new Dispute.Item(CheckType.IDENTITY_VERIFICATION, null, "{}", Outcome.UPHELD));

        EmailMessage message = descriptions().message(dispute, List.of(new DisputeProcedure.Step("sandbox", COURTS),
                new DisputeProcedure.Step("sandbox", NO_PHONE)), APPLICANT, Instant.parse("2026-12-02T15:00:00Z"), COPY_PAGE, 30);

        assertThat(message.subject()).isEqualTo("How we reinvestigated your dispute");
        assertThat(message.to()).isEqualTo("jane@apply.test");
        assertThat(message.text()).contains("You asked on December 2, 2026",
                "The eviction record filed June 14, 2021 at Travis County Justice Court, Precinct 5 (Unlawful detainer): we asked "
                        + "sandbox, the screening provider that reported it, to verify it again. It contacted the furnisher of the "
                        + "information, Example Court Data, 3 Main St, Austin, TX 78701, telephone 1-800-555-0100. It could not be "
                        + "confirmed, so it was removed from your report.",
                "Your identity verification check: we asked sandbox", "Example Identity, 4 Main St, Austin, TX 78701, whose "
                        + "telephone number is not available to us. The source confirmed it as reported.", COPY_PAGE);
    }

    /** FCRA 611(a)(1)(A) and (a)(5)(A): what was not verified within the period is described as deleted for that reason. */
    @Test
    void theDescriptionSaysWhatWasDeletedForWantOfAnAnswer() {
        String line = DisputeDescriptionEmails.line(item(Outcome.DELETED), new DisputeProcedure.Step("sandbox", null),
                Dispute.ResolvedBy.DEADLINE, 30);

        assertThat(line).endsWith("we asked sandbox, the screening provider that reported it, to verify it again. It did not verify "
                + "it within the 30-day reinvestigation period, so it was removed from your report.");
        assertThat(DisputeDescriptionEmails.contacted(null)).isEqualTo("It named no furnisher of information that it contacted.");
    }

    /**
     * FCRA 611(a)(7) with several disputes of one report
     * (docs/integrators.md#several-disputes-of-one-report): an item another dispute's
     * resolution removed is described as such, not as verified; an item that stayed in a
     * dispute later resolved at its deadline is not described as deleted for want of an answer.
     */
    @Test
    void theDescriptionSaysWhatAnotherDisputeDecided() {
        String removed = DisputeDescriptionEmails.line(item(Outcome.DELETED), new DisputeProcedure.Step("sandbox", null, true),
                Dispute.ResolvedBy.OTHER_DISPUTE, 30);
        String shared = DisputeDescriptionEmails.line(item(Outcome.UPHELD), new DisputeProcedure.Step("sandbox", COURTS),
                Dispute.ResolvedBy.DEADLINE, 30);

        assertThat(removed).endsWith(": the reinvestigation of another of your disputes removed it from your report before this "
                + "one ended, so it was not verified again.");
        assertThat(shared).contains("It contacted the furnisher of the information, Example Court Data")
                .endsWith("The source confirmed it as reported.");
    }

    /** The steps of a dispute are kept and read back as they were, a furnisher without a telephone number included. */
    @Test
    void theProcedureIsKeptAsItWas() {
        List<DisputeProcedure.Step> steps = List.of(new DisputeProcedure.Step("test", COURTS), new DisputeProcedure.Step("test", NO_PHONE),
                new DisputeProcedure.Step("sandbox", null), new DisputeProcedure.Step("sandbox", null, true));

        assertThat(DisputeProcedure.read(DisputeProcedure.json(steps))).isEqualTo(steps);
    }

    /**
     * FCRA 611(a)(5)(B)(iii): the notice says the information was reinserted, names the
     * furnisher (business name, address, telephone number or that none is available) and the
     * right to add a statement (611(b)), on the copy's page it links to.
     */
    @Test
    void theReinsertionNoticeStatesWhatTheLawAsksFor() {
        ReinsertionNotices notices = new ReinsertionNotices(null, null, null, null, agency(), null, null);
        Instant at = Instant.parse("2026-11-25T15:00:00Z");

        EmailMessage message = notices.message(APPLICANT, List.of(
                new Reinsertions.Reinsertion("rin_test_1", "ord_test_2", CheckType.EVICTION, RECORD, COURTS, at, LocalDate.of(2026, 12, 3)),
                new Reinsertions.Reinsertion("rin_test_2", "ord_test_2", CheckType.IDENTITY_VERIFICATION, null, NO_PHONE, at,
                        LocalDate.of(2026, 12, 3))), COPY_PAGE);

        assertThat(message.subject()).isEqualTo("Information was put back in your screening file");
        assertThat(message.text()).contains("has been put back (reinserted) in your file on November 25, 2026",
                "certified to us that it is complete and accurate",
                "- The eviction record filed June 14, 2021 at Travis County Justice Court, Precinct 5 (Unlawful detainer), certified "
                        + "by Example Court Data, 3 Main St, Austin, TX 78701, telephone 1-800-555-0100.",
                "- The findings of your identity verification check, certified by Example Identity, 4 Main St, Austin, TX 78701, "
                        + "whose telephone number is not available to us.",
                "You have the right to add a statement to your file disputing the accuracy or completeness of this information "
                        + "(FCRA section 611(b))", COPY_PAGE);
        assertThat(message.html()).contains("<a href=\"" + COPY_PAGE + "\">your report's page</a>");
    }

    /**
     * FCRA 611(d), openapi.yaml#report-notices: a dispute's deletions are each deleted record,
     * each record of a court check deleted whole, and the findings of another check deleted
     * whole; upheld and corrected items are not deletions.
     */
    @Test
    void theDeletionsOfADisputeAreItsDeletedRecordsAndFindings() {
        Findings.CourtRecord second = eviction(LocalDate.of(2022, 1, 3), "Travis County Justice Court, Precinct 2");
        String evictionCheck = Reinvestigations.json(court("eviction", RECORD, second));
        String creditCheck = Reinvestigations.json(credit(712));
        Dispute dispute = resolved(Dispute.ResolvedBy.REINVESTIGATION, new Dispute.Item(CheckType.EVICTION, null, evictionCheck,
                Outcome.DELETED), new Dispute.Item(CheckType.CREDIT, null, creditCheck, Outcome.DELETED),
                new Dispute.Item(CheckType.CRIMINAL, 0, Reinvestigations.json(RECORD), Outcome.UPHELD));

        assertThat(EarlierRecipients.deleted(dispute).values()).containsExactly(
                new ReportNotice.Item(CheckType.EVICTION, Reinvestigations.json(RECORD)),
                new ReportNotice.Item(CheckType.EVICTION, Reinvestigations.json(second)), new ReportNotice.Item(CheckType.CREDIT, null));
    }

    /**
     * FCRA 611(d): a report contained a deletion when any of its versions stated it, as it
     * stated it there; a report without it contained nothing.
     */
    @Test
    void aReportContainedWhatAnyOfItsVersionsStated() {
        Dispute dispute = resolved(Dispute.ResolvedBy.REINVESTIGATION, item(Outcome.DELETED),
                new Dispute.Item(CheckType.CREDIT, null, Reinvestigations.json(credit(712)), Outcome.DELETED));
        Findings.CourtRecord redisposed = new Findings.CourtRecord(RECORD.court(), RECORD.filedOn(), RECORD.caseType(), "Dismissed",
                null, RECORD.description());
        Report before = report(credit(640), court("eviction", redisposed));
        Report after = report(credit(640), court("eviction"));

        assertThat(EarlierRecipients.contained(List.of(before, after), EarlierRecipients.deleted(dispute)))
                .containsExactly(new ReportNotice.Item(CheckType.EVICTION, Reinvestigations.json(redisposed)));
        assertThat(EarlierRecipients.contained(List.of(report(credit(712))), EarlierRecipients.deleted(dispute)))
                .containsExactly(new ReportNotice.Item(CheckType.CREDIT, null));
        assertThat(EarlierRecipients.contained(List.of(after), EarlierRecipients.deleted(dispute))).isEmpty();
    }

    /** FCRA 611(d): six calendar months before the request, not two years (no report here is for employment). */
    @Test
    void recipientsCountSixMonthsBack() {
        assertThat(EarlierRecipients.monthsBefore(Instant.parse("2026-11-28T10:00:00Z"))).isEqualTo(Instant.parse("2026-05-28T10:00:00Z"));
    }

    /**
     * FCRA 611(a)(1)(A): the period of a dispute recorded by staff runs from when it was received,
     * which is neither in the future, nor before the report, nor so long ago that the period ended.
     */
    @Test
    void aDisputeByMailIsReceivedWhenStaffSayWithinItsPeriod() {
        Instant now = Instant.parse("2026-11-28T10:00:00Z");
        Instant made = Instant.parse("2026-11-01T10:00:00Z");
        Duration period = Duration.ofDays(30);

        assertThat(Intake.online().receivedAt(now, made, period)).isEqualTo(now);
        assertThat(Intake.byStaff(Intake.Channel.MAIL, now.minus(Duration.ofDays(3))).receivedAt(now, made, period))
                .isEqualTo(now.minus(Duration.ofDays(3)));
        for (Instant refused : List.of(now.plusSeconds(1), made.minusSeconds(1), now.minus(period))) {
            ApiException error = catchThrowableOfType(() -> Intake.byStaff(Intake.Channel.TELEPHONE, refused).receivedAt(now,
                    refused.isBefore(made) ? made : Instant.parse("2026-10-01T00:00:00Z"), period), ApiException.class);
            assertThat(error).as("received at " + refused).isNotNull();
            assertThat(error.errors()).extracting(ErrorEntry::source).extracting(source -> source.pointer())
                    .containsExactly("/dispute/received_at");
        }
    }

    private static DisputeDescriptionEmails descriptions() {
        return new DisputeDescriptionEmails(agency());
    }

    private static AgencySettings agency() {
        AgencySettings agency = new AgencySettings();
        agency.setName("Example Screening LLC");
        agency.setTimeZone(ZoneId.of("America/New_York"));
        return agency;
    }

    private static Dispute.Item item(Outcome outcome) {
        return new Dispute.Item(CheckType.EVICTION, 0, Reinvestigations.json(RECORD), outcome);
    }

    private static Dispute resolved(Dispute.ResolvedBy by, Dispute.Item... items) {
        return new Dispute("dsp_test_1", Mode.TEST, "ord_test_1", "rpt_test_1", 1, Dispute.Status.RESOLVED, List.of(items),
                "Not mine.", Instant.parse("2026-11-25T15:04:00Z"), Instant.parse("2026-12-25T15:04:00Z"),
                Instant.parse("2026-12-01T10:00:00Z"), by, 2, null);
    }
}
