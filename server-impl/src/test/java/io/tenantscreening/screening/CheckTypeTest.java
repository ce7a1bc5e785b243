package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Decisions: Packages, add-ons, reports (the checks of each package and add-on). */
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
        assertThat(new Findings.CreditFile("VantageScore 4.0", null, new Findings.Tradelines(1, 1, 0, 0)).consider()).isTrue();
        assertThat(new Findings.CreditFile("VantageScore 4.0", 640, new Findings.Tradelines(1, 1, 0, 0)).consider()).isFalse();
        assertThat(new Findings.CourtRecords(List.of()).consider()).isFalse();
        assertThat(new Findings.IdentityFindings(false, List.of("no match")).consider()).isTrue();
        assertThat(new Findings.IncomeFindings(null).consider()).isTrue();
        assertThat(new Findings.IncomeFindings(100L).consider()).isFalse();
    }

    @Test
    void findingsAreStoredInTheShapeOfTheReportsDetails() {
        assertThat(FindingsJson.write(OutcomeProfiles.evictions(new ScreeningSubject("ap_1", "A", "B", null, "0001"))))
                .isEqualTo("{\"records\":[{\"court\":\"Travis County Justice Court, Precinct 5\",\"filed_on\":\"2021-06-14\","
                        + "\"case_type\":\"eviction\",\"disposition\":\"Judgment for plaintiff\",\"description\":\"Non-payment of rent\"}]}");
        assertThat(FindingsJson.write(OutcomeProfiles.credit(new ScreeningSubject("ap_1", "A", "B", null, "0003"), 700)))
                .isEqualTo("{\"score_model\":\"VantageScore 4.0\",\"score\":null,\"tradelines\":{\"total\":1,\"open\":1,"
                        + "\"delinquent\":0,\"total_balance_cents\":0}}");
    }
}
