package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Stored findings read back as the findings that were stored, for the recommendation made with the report. */
class FindingsJsonTest {

    @Test
    void findingsOfEveryCheckTypeReadBackAsWritten() {
        Map<CheckType, Findings> written = Map.of(
                CheckType.CREDIT, new Findings.CreditFile("VantageScore 4.0", 712, new Findings.Tradelines(9, 4, 0, 1_845_000), null, null, null, null, null),
                CheckType.EVICTION, new Findings.CourtRecords(List.of(new Findings.CourtRecord("Travis County Justice Court",
                        LocalDate.of(2021, 6, 14), "eviction", "Judgment for plaintiff", null, "Non-payment of rent"))),
                CheckType.CRIMINAL, new Findings.CourtRecords(List.of(new Findings.CourtRecord("Travis County District Court",
                        LocalDate.of(2023, 3, 2), "misdemeanor", null, false, "Theft"))),
                CheckType.IDENTITY_VERIFICATION, new Findings.IdentityFindings(false, List.of("No match.")),
                CheckType.INCOME_VERIFICATION, new Findings.IncomeFindings(null));

        written.forEach((check, findings) -> assertThat(FindingsJson.read(check, FindingsJson.write(findings)))
                .as(check.value()).isEqualTo(findings));
        assertThat(FindingsJson.read(CheckType.CREDIT, "{\"score_model\":\"m\",\"score\":null,\"tradelines\":{\"total\":1,"
                + "\"open\":1,\"delinquent\":0,\"total_balance_cents\":0}}"))
                .isEqualTo(new Findings.CreditFile("m", null, new Findings.Tradelines(1, 1, 0, 0), null, null, null, null, null));
    }

    @Test
    void membersAddedLaterArePassedOver() {
        assertThat(FindingsJson.read(CheckType.INCOME_VERIFICATION, "{\"verified_monthly_income_cents\":520000,\"source\":\"x\"}"))
                .isEqualTo(new Findings.IncomeFindings(520_000L));
    }
}
