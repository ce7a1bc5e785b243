package io.tenantscreening.adverse;

import io.tenantscreening.common.Mode;
import io.tenantscreening.notices.CreditScoreDisclosure;
import io.tenantscreening.reports.Report;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * FCRA 615(a)(2), by way of 609(f)(1)(B) to (E) and 609(f)(9) (openapi.yaml, Adverse actions:
 * "the credit score, as the scoring model gave it"): the notice discloses the score with the
 * model's range, the key factors as the model ranked them (the inquiries factor as a fifth),
 * the day the score was made and who supplied the score and the file, exactly as the provider
 * supplied them; nothing is derived or filled in.
 */
class CreditDisclosureTest {

    private static final Instant COMPLETED = Instant.parse("2026-11-25T10:00:00Z");
    private static final String SCORED = "{\"score_model\":\"RentScore Test Model 2\",\"score\":640,"
            + "\"tradelines\":{\"total\":9,\"open\":4,\"delinquent\":0,\"total_balance_cents\":1845000},"
            + "\"score_range\":{\"min\":350,\"max\":850},"
            + "\"score_factors\":[{\"code\":\"R02\",\"description\":\"Short rent history\",\"inquiries\":false},"
            + "{\"code\":\"T08\",\"description\":\"Many inquiries\",\"inquiries\":true}],"
            + "\"score_date\":\"2026-11-20\","
            + "\"score_source\":{\"name\":\"Scorer\",\"address\":null,\"phone\":null},"
            + "\"file_source\":{\"name\":\"Bureau\",\"address\":\"1 Plaza, Austin, TX 78701\",\"phone\":\"1-800-555-0142\"}}";

    /** FCRA 609(f)(1)(B) to (E): range, factors in the model's order, date and sources, as supplied. */
    @Test
    void aScoredFileDisclosesWhatTheProviderSuppliedAsItSuppliedIt() {
        CreditScoreDisclosure disclosure = CreditDisclosure.of(report(credit("sandbox", SCORED)));

        assertThat(disclosure.score()).isEqualTo(640);
        assertThat(disclosure.model()).isEqualTo("RentScore Test Model 2");
        assertThat(disclosure.range()).isEqualTo(new CreditScoreDisclosure.Range(350, 850));
        assertThat(disclosure.keyFactors()).containsExactly(new CreditScoreDisclosure.Factor("R02", "Short rent history", false),
                new CreditScoreDisclosure.Factor("T08", "Many inquiries", true));
        assertThat(disclosure.scoredOn()).isEqualTo(LocalDate.of(2026, 11, 20));
        assertThat(disclosure.scoreSource()).isEqualTo(new CreditScoreDisclosure.Source("Scorer", null, null));
        assertThat(disclosure.fileSource())
                .isEqualTo(new CreditScoreDisclosure.Source("Bureau", "1 Plaza, Austin, TX 78701", "1-800-555-0142"));
    }

    /** FCRA 609(f)(1)(C): a model that gave no factors gives an empty list, never an invented factor. */
    @Test
    void aModelThatGaveNoFactorsDisclosesNone() {
        CreditScoreDisclosure disclosure = CreditDisclosure.of(report(credit("test", SCORED.replaceAll(
                "\"score_factors\":\\[.*?\\],", "\"score_factors\":[],"))));

        assertThat(disclosure.keyFactors()).isEmpty();
    }

    /** A report stored before providers supplied these: each is null (not supplied), never a default range, date or factor. */
    @Test
    void whatTheProviderDidNotSupplyStaysUnknown() {
        CreditScoreDisclosure disclosure = CreditDisclosure.of(report(credit("sandbox",
                "{\"score_model\":\"VantageScore 4.0\",\"score\":560,\"tradelines\":{\"total\":9,\"open\":4,\"delinquent\":2,"
                        + "\"total_balance_cents\":1845000}}")));

        assertThat(disclosure.score()).isEqualTo(560);
        assertThat(disclosure.range()).isNull();
        assertThat(disclosure.keyFactors()).isNull();
        assertThat(disclosure.scoredOn()).isNull();
        assertThat(disclosure.scoreSource()).isNull();
        assertThat(disclosure.fileSource()).isNull();
    }

    @Test
    void aThinFileOrNoCreditCheckDisclosesNoScore() {
        assertThat(CreditDisclosure.of(report(credit("test", "{\"score_model\":\"VantageScore 4.0\",\"score\":null,"
                + "\"tradelines\":{\"total\":1,\"open\":1,\"delinquent\":0,\"total_balance_cents\":0}}")))).isNull();
        assertThat(CreditDisclosure.of(report(new Report.CheckResult("eviction", "test", false, "{\"records\":[]}")))).isNull();
    }

    private static Report.CheckResult credit(String provider, String details) {
        return new Report.CheckResult("credit", provider, false, details);
    }

    private static Report report(Report.CheckResult check) {
        return new Report("rpt_test_1", Mode.TEST, "ord_test_1", List.of(check), null, COMPLETED.minusSeconds(1), COMPLETED);
    }
}
