package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * FCRA section 611(a)(5)(B): the built-in furnishers certify only for the test marker
 * (openapi.yaml#test-mode, "Certified information"), and the consumer is told of a
 * reinsertion not later than five business days after its day (openapi.yaml#disputes,
 * "Reinsertion"; business days as docs/operators.md#adverse-actions counts them).
 */
class ReinsertionsTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 25);

    /** FCRA 611(a)(5)(B)(ii): five business days, skipping the weekend and Thanksgiving (November 26, 2026). */
    @Test
    void theNoticeIsDueFiveBusinessDaysAfterTheReinsertion() {
        assertThat(Reinsertions.noticeDue(LocalDate.of(2026, 11, 25))).isEqualTo(LocalDate.of(2026, 12, 3));
        assertThat(Reinsertions.noticeDue(LocalDate.of(2026, 12, 7))).isEqualTo(LocalDate.of(2026, 12, 14));
    }

    /** FCRA 611(a)(5)(B)(i): with the marker each record and the findings as a whole are certified by the check's furnisher. */
    @Test
    void theMarkerMakesTheFurnisherCertifyEveryRecordAndTheFindings() {
        Findings.CourtRecords records = OutcomeProfiles.evictions(subject("Rivera [certified]"), TODAY);

        Answer.Done<Findings.CourtRecords> certified = OutcomeProfiles.answer(subject("Rivera [certified]"), CheckType.EVICTION, records);
        Answer.Done<Findings.CourtRecords> plain = OutcomeProfiles.answer(subject("Rivera"), CheckType.EVICTION, records);

        assertThat(certified.certified()).containsExactly(new Certification(records.records().get(0), OutcomeProfiles.furnisher(CheckType.EVICTION)),
                Certification.ofFindings(OutcomeProfiles.furnisher(CheckType.EVICTION)));
        assertThat(plain.certified()).isEmpty();
        assertThat(certified.findings()).isEqualTo(records);
    }

    /** openapi.yaml#test-mode: each check's fixture furnisher, the identity service without a telephone number. */
    @Test
    void eachCheckHasItsFixtureFurnisher() {
        assertThat(OutcomeProfiles.furnisher(CheckType.CREDIT).name()).isEqualTo("Test Credit Bureau (fictitious)");
        assertThat(OutcomeProfiles.furnisher(CheckType.CRIMINAL)).isEqualTo(OutcomeProfiles.furnisher(CheckType.EVICTION));
        assertThat(OutcomeProfiles.furnisher(CheckType.EVICTION).phone()).isEqualTo("1-800-555-0144");
        assertThat(OutcomeProfiles.furnisher(CheckType.IDENTITY_VERIFICATION).phone()).isNull();
        assertThat(List.of(CheckType.values())).allSatisfy(check -> assertThat(OutcomeProfiles.furnisher(check).address()).isNotBlank());
    }

    private static ScreeningSubject subject(String lastName) {
        return new ScreeningSubject("ap_test_1", "Jamie", lastName, LocalDate.of(1990, 4, 27), "0001");
    }
}
