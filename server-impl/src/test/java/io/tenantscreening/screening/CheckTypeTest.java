package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks of each package and add-on (docs/integrators.md#outcome-profiles, packages and
 * add-ons; one check per check type the order includes, docs/integrators.md#reports).
 */
class CheckTypeTest {

    @Test
    void eachPackageHasItsChecksAndEachAddOnOneMore() {
        assertThat(CheckType.forOrder("starter", List.of())).containsExactly(CheckType.CREDIT);
        assertThat(CheckType.forOrder("essential", List.of())).containsExactly(CheckType.CREDIT, CheckType.EVICTION);
        assertThat(CheckType.forOrder("complete", List.of())).containsExactly(CheckType.CREDIT, CheckType.EVICTION, CheckType.CRIMINAL);
        assertThat(CheckType.forOrder("starter", List.of("income_verification", "identity_verification")))
                .containsExactly(CheckType.CREDIT, CheckType.IDENTITY_VERIFICATION, CheckType.INCOME_VERIFICATION);
    }

    @Test
    void findingsSayWhenAPersonShouldLook() {
        assertThat(new Findings.CreditFile("VantageScore 4.0", null, new Findings.Tradelines(1, 1, 0, 0), null, null, null, null, null).consider()).isTrue();
        assertThat(new Findings.CreditFile("VantageScore 4.0", 640, new Findings.Tradelines(1, 1, 0, 0), null, null, null, null, null).consider()).isFalse();
        assertThat(new Findings.CourtRecords(List.of()).consider()).isFalse();
        assertThat(new Findings.IdentityFindings(false, List.of("no match")).consider()).isTrue();
        assertThat(new Findings.IncomeFindings(null).consider()).isTrue();
        assertThat(new Findings.IncomeFindings(100L).consider()).isFalse();
    }

    @Test
    void findingsAreStoredInTheShapeOfTheReportsDetails() {
        String eviction = "{\"records\":[{\"court\":\"Travis County Justice Court, Precinct 5\",\"filed_on\":\"2023-11-25\","
                + "\"case_type\":\"eviction\",\"disposition\":\"Judgment for plaintiff\",\"conviction\":null,"
                + "\"description\":\"Non-payment of rent\",\"disposed_on\":null,\"released_on\":null}]}";
        String thinFile = "{\"score_model\":\"VantageScore 4.0\",\"score\":null,\"tradelines\":{\"total\":1,\"open\":1,"
                + "\"delinquent\":0,\"total_balance_cents\":0},\"score_range\":null,\"score_factors\":null,\"score_date\":null,"
                + "\"score_source\":null,\"file_source\":{\"name\":\"Test Credit Bureau (fictitious)\","
                + "\"address\":\"1 Test Plaza, Suite 100, Austin, TX 78701\",\"phone\":\"1-800-555-0142\"}}";

        assertThat(FindingsJson.write(OutcomeProfiles.evictions(subject("0001"), LocalDate.of(2026, 11, 25)))).isEqualTo(eviction);
        assertThat(FindingsJson.write(OutcomeProfiles.credit(subject("0003"), 700, LocalDate.of(2026, 11, 25)))).isEqualTo(thinFile);
        assertThat(FindingsJson.write(FindingsJson.read(CheckType.EVICTION, eviction))).isEqualTo(eviction);
        assertThat(FindingsJson.write(FindingsJson.read(CheckType.CREDIT, thinFile))).isEqualTo(thinFile);
    }

    /** CourtRecord.conviction: findings stored before it existed read back with it null. */
    @Test
    void storedCourtRecordsWithoutAConvictionReadBackWithNone() {
        Findings read = FindingsJson.read(CheckType.CRIMINAL, "{\"records\":[{\"court\":\"Travis County District Court\","
                + "\"filed_on\":\"2019-03-02\",\"case_type\":\"misdemeanor\",\"disposition\":\"Deferred adjudication\","
                + "\"description\":\"Theft of property under $750\"}]}");

        assertThat(read).isEqualTo(new Findings.CourtRecords(List.of(new Findings.CourtRecord("Travis County District Court",
                LocalDate.of(2019, 3, 2), "misdemeanor", "Deferred adjudication", null, "Theft of property under $750"))));
    }

    private static ScreeningSubject subject(String ssnLastFour) {
        return new ScreeningSubject("ap_1", "A", "B", null, ssnLastFour);
    }
}
