package io.tenantscreening.reports;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * FCRA 609(a)(3)(A) and (B) (docs/integrators.md#the-applicants-copy): the applicant's copy
 * names every organisation that received a report about the consumer in the year before the
 * copy is read, with the end user it ordered for, and that end user's address and telephone
 * number where known, and says how to ask for the others'.
 */
class ProcurementSectionTest {

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final Instant AS_OF = Instant.parse("2026-11-28T15:00:00Z");

    @Test
    void eachProcurementIsListedWithItsEndUserAndTheirContact() {
        ReportSections.Section section = ReportSections.procurements(List.of(
                new Procurement(Instant.parse("2026-11-20T10:00:00Z"), "Rentwise Platform", "Maple Court LLC",
                        "12 Main St, Suite 4, Austin, TX 78701", "+15125550100"),
                new Procurement(Instant.parse("2026-03-02T10:00:00Z"), "Acme Property Management", null, null, null)),
                AS_OF, NEW_YORK, "Example Screening LLC");

        assertThat(section.heading()).isEqualTo("Who received reports about you in the past year");
        assertThat(section.lines()).extracting(ReportSections.Line::text).containsExactly(
                "Every organisation that received a consumer report about you from Example Screening LLC in the year before "
                        + "November 28, 2026:",
                "November 20, 2026: Rentwise Platform, for Maple Court LLC",
                "12 Main St, Suite 4, Austin, TX 78701; telephone +15125550100",
                "March 2, 2026: Acme Property Management",
                "Ask Example Screening LLC for the address and telephone number of any of them that this list does not give, "
                        + "and you will be told.");
        assertThat(section.lines().get(2).detail()).isTrue();
    }

    @Test
    void aConsumerWithNoReportsInTheYearIsToldSo() {
        ReportSections.Section section = ReportSections.procurements(List.of(), AS_OF, NEW_YORK, "Example Screening LLC");

        assertThat(section.lines()).extracting(ReportSections.Line::text).contains("None.");
    }
}
