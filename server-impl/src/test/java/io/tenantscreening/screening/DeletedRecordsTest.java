package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fingerprints and the screen that keep deleted information out of later reports (FCRA
 * 611(a)(5)(C)) unless its furnisher certified it (611(a)(5)(B)(i)); openapi.yaml#disputes
 * ("Deleted information stays out", "Reinsertion").
 */
class DeletedRecordsTest {

    private static final Findings.CourtRecord DELETED = new Findings.CourtRecord("Travis County Justice Court", LocalDate.of(2022, 3, 1),
            "eviction", "judgment for plaintiff", null, "Nonpayment of rent");
    private static final Findings.CourtRecord OTHER = new Findings.CourtRecord("Travis County Justice Court", LocalDate.of(2022, 3, 2),
            "eviction", "judgment for plaintiff", null, "Nonpayment of rent");
    private static final Findings.Source FURNISHER = new Findings.Source("Example Court Data", "1 Main St, Austin, TX 78701", null);
    private static final Findings.CreditFile CREDIT = new Findings.CreditFile("VantageScore 4.0", 712,
            new Findings.Tradelines(9, 4, 0, 1_845_000), new Findings.ScoreRange(300, 850), List.of(), LocalDate.of(2026, 11, 20),
            FURNISHER, FURNISHER);

    /** FCRA 611(a)(5)(C): a record with a deleted fingerprint is left out, others are kept in their order. */
    @Test
    void leavesOutOnlyTheDeletedRecords() {
        DeletedRecords.Screened screened = DeletedRecords.screen(CheckType.EVICTION, new Findings.CourtRecords(List.of(OTHER, DELETED)),
                Set.of(DeletedRecords.fingerprint(DELETED)), List.of());

        assertThat(screened.findings()).isEqualTo(new Findings.CourtRecords(List.of(OTHER)));
        assertThat(screened.reinserted()).isEmpty();
    }

    /** FCRA 611(a)(5)(C): the same record reported again with another disposition is still the deleted record. */
    @Test
    void theFingerprintIsCourtFilingDateCaseTypeAndDescription() {
        Findings.CourtRecord redisposed = new Findings.CourtRecord(DELETED.court(), DELETED.filedOn(), DELETED.caseType(), "dismissed",
                false, DELETED.description());

        assertThat(DeletedRecords.fingerprint(redisposed)).isEqualTo(DeletedRecords.fingerprint(DELETED)).matches("[0-9a-f]{64}");
        assertThat(DeletedRecords.fingerprint(OTHER)).isNotEqualTo(DeletedRecords.fingerprint(DELETED));
        assertThat(DeletedRecords.fingerprint(new Findings.CourtRecord(DELETED.court(), DELETED.filedOn(), "criminal",
                DELETED.disposition(), null, DELETED.description()))).isNotEqualTo(DeletedRecords.fingerprint(DELETED));
        assertThat(DeletedRecords.fingerprint(new Findings.CourtRecord(DELETED.court(), DELETED.filedOn(), DELETED.caseType(),
                DELETED.disposition(), null, "Holdover"))).isNotEqualTo(DeletedRecords.fingerprint(DELETED));
    }

    /**
     * openapi.yaml#disputes ("Deleted information stays out"): a whole check's findings are
     * matched by its details less score_date, the day of each screening; anything else differing
     * is other findings, and the check type is part of the match.
     */
    @Test
    void aWholeChecksFingerprintIsItsDetailsWithoutTheDayOfTheScore() {
        Findings.CreditFile nextDay = new Findings.CreditFile(CREDIT.scoreModel(), CREDIT.score(), CREDIT.tradelines(), CREDIT.scoreRange(),
                CREDIT.scoreFactors(), CREDIT.scoreDate().plusDays(1), CREDIT.scoreSource(), CREDIT.fileSource());
        Findings.CreditFile otherScore = new Findings.CreditFile(CREDIT.scoreModel(), 713, CREDIT.tradelines(), CREDIT.scoreRange(),
                CREDIT.scoreFactors(), CREDIT.scoreDate(), CREDIT.scoreSource(), CREDIT.fileSource());

        assertThat(DeletedRecords.fingerprint(CheckType.CREDIT, nextDay)).isEqualTo(DeletedRecords.fingerprint(CheckType.CREDIT, CREDIT))
                .matches("[0-9a-f]{64}");
        assertThat(DeletedRecords.fingerprint(CheckType.CREDIT, otherScore)).isNotEqualTo(DeletedRecords.fingerprint(CheckType.CREDIT, CREDIT));
        Findings.IncomeFindings income = new Findings.IncomeFindings(520_000L);
        assertThat(DeletedRecords.fingerprint(CheckType.INCOME_VERIFICATION, income))
                .isNotEqualTo(DeletedRecords.fingerprint(CheckType.IDENTITY_VERIFICATION, income));
    }

    /** FCRA 611(a)(5)(C): a whole check whose findings were deleted reappears deleted; other findings of it are stated. */
    @Test
    void deletedFindingsOfAWholeCheckStayDeleted() {
        Set<String> deleted = Set.of(DeletedRecords.fingerprint(CheckType.CREDIT, CREDIT));

        assertThat(DeletedRecords.screen(CheckType.CREDIT, CREDIT, deleted, List.of()).findings()).isEqualTo(new Findings.Deleted());
        Findings.IdentityFindings identity = new Findings.IdentityFindings(true, List.of());
        assertThat(DeletedRecords.screen(CheckType.IDENTITY_VERIFICATION, identity, deleted, List.of()).findings()).isEqualTo(identity);
    }

    /**
     * FCRA 611(a)(5)(B)(i): a deleted record whose furnisher certified it is reinserted, with
     * who certified it; a certification of another record, or none, leaves it out.
     */
    @Test
    void onlyACertifiedDeletedRecordIsReinserted() {
        Set<String> deleted = Set.of(DeletedRecords.fingerprint(DELETED), DeletedRecords.fingerprint(OTHER));

        DeletedRecords.Screened screened = DeletedRecords.screen(CheckType.EVICTION, new Findings.CourtRecords(List.of(OTHER, DELETED)),
                deleted, List.of(new Certification(DELETED, FURNISHER)));

        assertThat(screened.findings()).isEqualTo(new Findings.CourtRecords(List.of(DELETED)));
        assertThat(screened.reinserted()).containsExactly(new DeletedRecords.Reinserted(CheckType.EVICTION,
                DeletedRecords.fingerprint(DELETED), DELETED, FURNISHER));
    }

    /** FCRA 611(a)(5)(B)(i): a certification of the findings as a whole reinserts a whole check, and every record of a court check. */
    @Test
    void aCertificationOfTheWholeFindingsReinsertsThem() {
        Certification whole = Certification.ofFindings(FURNISHER);

        DeletedRecords.Screened credit = DeletedRecords.screen(CheckType.CREDIT, CREDIT,
                Set.of(DeletedRecords.fingerprint(CheckType.CREDIT, CREDIT)), List.of(whole));
        DeletedRecords.Screened court = DeletedRecords.screen(CheckType.EVICTION, new Findings.CourtRecords(List.of(DELETED)),
                Set.of(DeletedRecords.fingerprint(DELETED)), List.of(whole));

        assertThat(credit.findings()).isEqualTo(CREDIT);
        assertThat(credit.reinserted()).singleElement().satisfies(reinserted -> {
            assertThat(reinserted.wholeCheck()).isTrue();
            assertThat(reinserted.furnisher()).isEqualTo(FURNISHER);
        });
        assertThat(court.findings()).isEqualTo(new Findings.CourtRecords(List.of(DELETED)));
        assertThat(court.reinserted()).hasSize(1);
    }

    /** FCRA 611(a)(5)(B)(iii)(II): a certification names its furnisher's business name and address. */
    @Test
    void aCertificationNamesItsFurnisher() {
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> Certification.ofFindings(
                new Findings.Source("Example Court Data", null, "1-800-555-0100")))).isInstanceOf(IllegalArgumentException.class);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> Certification.ofFindings(
                new Findings.Source(" ", "1 Main St", null)))).isInstanceOf(IllegalArgumentException.class);
    }
}
