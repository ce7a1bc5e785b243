package io.tenantscreening.screening;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The fingerprint and the filter that keep deleted court records out of later reports (FCRA 611(a)(5)(C)). */
class DeletedRecordsTest {

    private static final Findings.CourtRecord DELETED = new Findings.CourtRecord("Travis County Justice Court", LocalDate.of(2022, 3, 1),
            "eviction", "judgment for plaintiff", null, "Nonpayment of rent");
    private static final Findings.CourtRecord OTHER = new Findings.CourtRecord("Travis County Justice Court", LocalDate.of(2022, 3, 2),
            "eviction", "judgment for plaintiff", null, "Nonpayment of rent");

    /** FCRA 611(a)(5)(C): a record with a deleted fingerprint is left out, others are kept in their order. */
    @Test
    void leavesOutOnlyTheDeletedRecords() {
        Findings kept = DeletedRecords.without(new Findings.CourtRecords(List.of(OTHER, DELETED)), Set.of(DeletedRecords.fingerprint(DELETED)));

        assertThat(kept).isEqualTo(new Findings.CourtRecords(List.of(OTHER)));
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
}
