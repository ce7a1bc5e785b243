package io.tenantscreening.adverse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.common.Mode;
import io.tenantscreening.notices.CreditScoreDisclosure;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#adverse-action ("when the report had a credit score, the score, its range, the
 * key factors that affected it, its date and its source"); the rule for key factors is
 * {@link CreditDisclosure}'s, as docs/integrators.md#adverse-actions states it (credit score).
 */
class CreditDisclosureTest {

    private static final Instant COMPLETED = Instant.parse("2026-11-25T10:00:00Z");

    @Test
    void aScoredFileDisclosesScoreModelRangeDateSourceAndFactors() {
        CreditScoreDisclosure disclosure = CreditDisclosure.of(report(credit("sandbox",
                "{\"score_model\":\"VantageScore 4.0\",\"score\":560,\"tradelines\":{\"total\":9,\"open\":4,\"delinquent\":0,"
                        + "\"total_balance_cents\":1845000}}")));

        assertThat(disclosure.score()).isEqualTo(560);
        assertThat(disclosure.model()).isEqualTo("VantageScore 4.0");
        assertThat(disclosure.lowest()).isEqualTo(300);
        assertThat(disclosure.highest()).isEqualTo(850);
        assertThat(disclosure.scoredAt()).isEqualTo(COMPLETED);
        assertThat(disclosure.source()).isEqualTo("sandbox");
        assertThat(disclosure.keyFactors()).containsExactly("Amount owed on accounts: $18,450.00", "Number of open accounts: 4");
    }

    @Test
    void aThinFileOrNoCreditCheckDisclosesNoScore() {
        assertThat(CreditDisclosure.of(report(credit("test", "{\"score_model\":\"VantageScore 4.0\",\"score\":null,"
                + "\"tradelines\":{\"total\":1,\"open\":1,\"delinquent\":0,\"total_balance_cents\":0}}")))).isNull();
        assertThat(CreditDisclosure.of(report(new Report.CheckResult("eviction", "test", false, "{\"records\":[]}")))).isNull();
    }

    @Test
    void everyFactorThatHoldsIsListedInItsOrder() throws Exception {
        assertThat(factors(10, 6, 2, 2_500_000)).containsExactly("Accounts reported as delinquent: 2 of 10",
                "Amount owed on accounts: $25,000.00", "Number of open accounts: 6");
        assertThat(factors(4, 4, 1, 1_000_000)).containsExactly("Accounts reported as delinquent: 1 of 4",
                "Amount owed on accounts: $10,000.00", "Few accounts on file: 4", "Number of open accounts: 4");
        assertThat(factors(3, 1, 0, 999_999)).containsExactly("Few accounts on file: 3");
    }

    @Test
    void withoutAnyOfThemTheNumberOfAccountsIsTheFactor() throws Exception {
        assertThat(factors(7, 3, 0, 120_000)).containsExactly("Number of accounts on file: 7");
    }

    private static List<String> factors(int total, int open, int delinquent, long balanceCents) throws Exception {
        return CreditDisclosure.keyFactors(new ObjectMapper().readTree("{\"total\":" + total + ",\"open\":" + open
                + ",\"delinquent\":" + delinquent + ",\"total_balance_cents\":" + balanceCents + "}"));
    }

    private static Report.CheckResult credit(String provider, String details) {
        return new Report.CheckResult("credit", provider, false, details);
    }

    private static Report report(Report.CheckResult check) {
        return new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(check), null, COMPLETED.minusSeconds(1), COMPLETED);
    }
}
