package io.tenantscreening.copies;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;

import static io.tenantscreening.copies.CopyFixtures.applicant;
import static io.tenantscreening.copies.CopyFixtures.order;
import static io.tenantscreening.copies.CopyFixtures.property;
import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static io.tenantscreening.disputes.ReportFixtures.report;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The email with the link to the applicant's copy ({@link ReportCopyMessages}): to the address
 * the link was made for, saying who requested the screening and for which property, with the
 * link and how long it works, and nothing of the report itself
 * (docs/integrators.md#the-applicants-copy, openapi.yaml#the-applicants-copy); its date in
 * the agency's time zone (docs/operators.md#the-agency-and-its-notices).
 */
class ReportCopyMessagesTest {

    private static final String URL = "https://screening.example/my-report/Qk7xq0d3mZcV8n2LrT5sYwP1uA9eJ6hG4iF0oK3bN7c";
    private static final Report REPORT = report(credit(712),
            court("eviction", eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5")));
    private static final Instant EXPIRES = Instant.parse("2027-01-24T15:05:00Z");

    @Test
    void theEmailSaysWhoRequestedTheScreeningForWhichPropertyAndGivesTheLink() {
        EmailMessage email = messages().email(copy(property("Maple Court", "Apt 4"), "jane.doe@example.com", EXPIRES), URL, 60);

        assertThat(email.to()).isEqualTo("jane.doe@example.com");
        assertThat(email.subject()).isEqualTo("Your rental screening report is ready to read");
        assertThat(email.text()).startsWith("Hello Jane,").contains(
                "The rental screening that Acme Property Management requested for your application to rent "
                        + "Maple Court, 12 Main St, Apt 4, Austin, TX 78701 is complete.",
                "\n" + URL + "\n",
                "It works for 60 days, until January 24, 2027.");
        assertThat(email.html()).contains("href=\"" + URL + "\"", "It works for 60 days, until January 24, 2027.");
    }

    @Test
    void aPropertyWithoutANameIsNamedByItsAddress() {
        EmailMessage email = messages().email(copy(property(null, null), "jane.doe@example.com", EXPIRES), URL, 60);

        assertThat(email.text()).contains("application to rent 12 Main St, Austin, TX 78701 is complete.").doesNotContain("null");
    }

    @Test
    void theEmailGoesToTheAddressTheLinkWasMadeForNotToTheApplicantsAddressOfToday() {
        EmailMessage email = messages().email(copy(property(null, null), "first.address@example.com", EXPIRES), URL, 60);

        assertThat(email.to()).isEqualTo("first.address@example.com");
    }

    @Test
    void theEmailSaysNothingOfTheReportItself() {
        EmailMessage email = messages().email(copy(property("Maple Court", null), "jane.doe@example.com", EXPIRES), URL, 60);

        for (String body : List.of(email.text(), email.html())) {
            assertThat(body).doesNotContainIgnoringCase("consider").doesNotContainIgnoringCase("clear").doesNotContain(
                    "712", "Travis County", "Unlawful detainer", "6789", "rpt_test_1", "1990");
        }
    }

    @Test
    void theLastDayIsTheAgencysDayAndTheDaysTheOperatorsSetting() {
        Instant justAfterMidnightUtc = Instant.parse("2027-01-25T03:00:00Z");

        EmailMessage email = messages().email(copy(property(null, null), "jane.doe@example.com", justAfterMidnightUtc), URL, 14);

        assertThat(email.text()).contains("It works for 14 days, until January 24, 2027.");
    }

    private static ReportCopyMessages messages() {
        AgencySettings agency = new AgencySettings();
        agency.setTimeZone(ZoneId.of("America/New_York"));
        return new ReportCopyMessages(agency);
    }

    private static ReportCopy copy(io.tenantscreening.properties.Property property, String linkEmail, Instant expiresAt) {
        ReportCopy copy = CopyFixtures.copy(REPORT, applicant("6789", LocalDate.of(1990, 4, 27)), property,
                order("essential", List.of()));
        return new ReportCopy(CopyFixtures.link(linkEmail, expiresAt), copy.report(), copy.order(), copy.procuredBy(), copy.file());
    }
}
