package io.tenantscreening.disputes;

import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.ConsumerStatements;
import io.tenantscreening.screening.ConsumerStatements.About;
import io.tenantscreening.screening.ConsumerStatements.Filed;
import io.tenantscreening.screening.Findings;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a report notes the consumer's statements of dispute ({@link ConsumerStatements#noted},
 * FCRA section 611(c): every later report containing the disputed information notes that it is
 * disputed and gives the statement): under each check, a statement about a record it states
 * (matched by court, filing date, case type and description) with that record's positions, or
 * about the check as a whole with records null; nothing on a check whose findings were
 * deleted; at most the 100 newest (docs/integrators.md#statements-of-dispute, the
 * contract's ReportCheck.consumer_statements).
 */
class StatementNotesTest {

    private static final Instant FILED = Instant.parse("2026-11-28T08:30:00Z");
    private static final Findings.CourtRecord OLD = eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5");
    private static final Findings.CourtRecord NEW = eviction(LocalDate.of(2025, 9, 30), "Dallas County Justice Court, Precinct 2");

    @Test
    void aStatementAboutARecordIsNotedWhereverTheCheckStatesThatRecord() {
        Findings.CourtRecord corrected = new Findings.CourtRecord(NEW.court(), NEW.filedOn(), NEW.caseType(), "Dismissed", null,
                NEW.description());
        List<Report.CheckResult> checks = List.of(credit(712), court("eviction", OLD, corrected));

        List<Report.CheckResult> noted = ConsumerStatements.noted(checks, List.of(new Filed("I paid.", FILED,
                List.of(new About(CheckType.EVICTION, NEW)))));

        assertThat(noted.get(1).statements()).containsExactly(new Report.Statement("I paid.", FILED, List.of(1)));
        assertThat(noted.get(0).statements()).isEmpty();
        assertThat(noted.get(1).details()).isEqualTo(checks.get(1).details());
    }

    @Test
    void aStatementAboutAWholeCheckIsNotedOnItWithoutRecords() {
        List<Report.CheckResult> noted = ConsumerStatements.noted(List.of(credit(712), court("eviction", OLD)),
                List.of(new Filed("Not my accounts.", FILED, List.of(new About(CheckType.CREDIT, null)))));

        assertThat(noted.get(0).statements()).containsExactly(new Report.Statement("Not my accounts.", FILED, null));
        assertThat(noted.get(1).statements()).isEmpty();
    }

    @Test
    void aCheckThatNoLongerStatesTheInformationNotesNothing() {
        List<Report.CheckResult> noted = ConsumerStatements.noted(
                List.of(Report.CheckResult.deleted("credit", "test"), court("eviction", OLD)),
                List.of(new Filed("Mine.", FILED, List.of(new About(CheckType.CREDIT, null), new About(CheckType.EVICTION, NEW)))));

        assertThat(noted).allSatisfy(check -> assertThat(check.statements()).isEmpty());
    }

    @Test
    void aCheckNotesTheHundredNewestStatementsOldestFirst() {
        List<Filed> filed = new ArrayList<>();
        IntStream.range(0, 101).forEach(i -> filed.add(new Filed("Statement " + i, FILED.plusSeconds(i),
                List.of(new About(CheckType.CREDIT, null)))));

        List<Report.Statement> noted = ConsumerStatements.noted(List.of(credit(712)), filed).get(0).statements();

        assertThat(noted).hasSize(100);
        assertThat(noted.get(0).text()).isEqualTo("Statement 1");
        assertThat(noted.get(99).text()).isEqualTo("Statement 100");
    }
}
