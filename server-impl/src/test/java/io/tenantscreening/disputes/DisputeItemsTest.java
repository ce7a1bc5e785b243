package io.tenantscreening.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.disputes.DisputeService.DisputedRecord;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.reports.Report;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigations;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import static io.tenantscreening.disputes.ReportFixtures.court;
import static io.tenantscreening.disputes.ReportFixtures.credit;
import static io.tenantscreening.disputes.ReportFixtures.criminal;
import static io.tenantscreening.disputes.ReportFixtures.eviction;
import static io.tenantscreening.disputes.ReportFixtures.identity;
import static io.tenantscreening.disputes.ReportFixtures.report;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * What a dispute may name ({@link DisputeRequest#items}): court records by check and
 * position from 0 in {@code details.records} of the report as it stands, or whole checks
 * (any check of the report), each with a copy of what it disputes; a check whose findings a
 * dispute deleted cannot be disputed again (openapi.yaml#disputes,
 * docs/integrators.md#disputes, docs/integrators.md#disputes-of-whole-checks). At most 100
 * items (also the {@code maxItems} of the contract's {@code Dispute.items}), a record or check
 * named only once, and a check not both as a whole and by its records
 * (docs/integrators.md#what-a-dispute-names).
 */
class DisputeItemsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Findings.CourtRecord FIRST = eviction(LocalDate.of(2021, 6, 14), "Travis County Justice Court, Precinct 5");
    private static final Findings.CourtRecord SECOND = eviction(LocalDate.of(2023, 2, 1), "Harris County Justice Court, Precinct 1");
    private static final Report REPORT = report(credit(712), court("eviction", FIRST, SECOND),
            court("criminal"), identity(false));

    @Test
    void aRecordIsCopiedAsTheReportStatesItAndAWholeCheckWithItsTypeProviderResultAndDetails() throws Exception {
        List<Dispute.Item> items = DisputeRequest.items(REPORT, List.of(new DisputedRecord("eviction", 1),
                DisputedRecord.wholeCheck("credit")));

        assertThat(items).extracting(Dispute.Item::check, Dispute.Item::record, Dispute.Item::outcome)
                .containsExactly(tuple(CheckType.EVICTION, 1, null), tuple(CheckType.CREDIT, null, null));
        assertThat(Reinvestigations.record(items.get(0).disputed())).isEqualTo(SECOND);
        JsonNode check = JSON.readTree(items.get(1).disputed());
        assertThat(check.get("type").asText()).isEqualTo("credit");
        assertThat(check.get("provider").asText()).isEqualTo("test");
        assertThat(check.get("result").asText()).isEqualTo("clear");
        assertThat(check.get("details").get("score").asInt()).isEqualTo(712);
        assertThat(check.get("findings_deleted").asBoolean()).isFalse();
    }

    @Test
    void everyKindOfCheckMayBeDisputedAsAWholeCourtRecordChecksWithoutRecordsIncluded() {
        Report everyCheck = report(credit(null), court("eviction"), court("criminal", criminal(LocalDate.of(2020, 1, 2), true)),
                identity(true), ReportFixtures.income(null));

        List<Dispute.Item> items = DisputeRequest.items(everyCheck, Arrays.stream(CheckType.values())
                .map(type -> DisputedRecord.wholeCheck(type.value())).toList());

        assertThat(items).extracting(Dispute.Item::check).containsExactly(CheckType.values());
        assertThat(items).allMatch(Dispute.Item::wholeCheck);
    }

    @Test
    void theItemsKeepTheOrderTheApplicantNamedThemIn() {
        List<Dispute.Item> items = DisputeRequest.items(REPORT, List.of(DisputedRecord.wholeCheck("identity_verification"),
                new DisputedRecord("eviction", 1), new DisputedRecord("eviction", 0), DisputedRecord.wholeCheck("credit")));

        assertThat(items).extracting(Dispute.Item::check, Dispute.Item::record).containsExactly(
                tuple(CheckType.IDENTITY_VERIFICATION, null), tuple(CheckType.EVICTION, 1), tuple(CheckType.EVICTION, 0),
                tuple(CheckType.CREDIT, null));
    }

    @Test
    void aDisputeNamingNothingIsRefused() {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of())))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("Name at least one record or check of the report to dispute.", "/dispute/items"));
        assertThat(refusal(() -> DisputeRequest.items(REPORT, null))).extracting(this::pointer).containsExactly("/dispute/items");
    }

    @Test
    void aHundredItemsAreTakenAndAHundredAndOneRefused() {
        Findings.CourtRecord[] records = IntStream.range(0, 101)
                .mapToObj(day -> eviction(LocalDate.of(2024, 1, 1).plusDays(day), "Court " + day)).toArray(Findings.CourtRecord[]::new);
        Report many = report(court("eviction", records));
        List<DisputedRecord> all = IntStream.range(0, 101).mapToObj(i -> new DisputedRecord("eviction", i)).toList();

        assertThat(DisputeRequest.items(many, all.subList(0, 100))).hasSize(100);
        assertThat(refusal(() -> DisputeRequest.items(many, all)))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("At most 100 records or checks per dispute.", "/dispute/items"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"income_verification", "Eviction", "evictions", ""})
    void aCheckTheReportDoesNotHaveIsRefusedNamingTheChecksItHas(String check) {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(DisputedRecord.wholeCheck(check)))))
                .extracting(ErrorEntry::code, ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("validation_error",
                        "Must be a check of the report whose findings it states: credit, eviction, criminal, identity_verification.",
                        "/dispute/items/0/check"));
    }

    @Test
    void anItemWithoutACheckIsRefusedOnItsCheck() {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(new DisputedRecord(null, 0)))))
                .extracting(this::pointer).containsExactly("/dispute/items/0/check");
    }

    @Test
    void aCheckWhoseFindingsWereDeletedCannotBeDisputedAgainNeitherWholeNorByRecord() {
        Report afterDeletion = report(Report.CheckResult.deleted("credit", "test"), court("eviction", FIRST));

        assertThat(refusal(() -> DisputeRequest.items(afterDeletion, List.of(DisputedRecord.wholeCheck("credit")))))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("The findings of the credit check were deleted after a dispute; nothing of it is left to dispute.",
                        "/dispute/items/0/check"));
        Report evictionsDeleted = report(credit(712), Report.CheckResult.deleted("eviction", "test"));
        assertThat(refusal(() -> DisputeRequest.items(evictionsDeleted, List.of(new DisputedRecord("eviction", 0)))))
                .extracting(this::pointer).containsExactly("/dispute/items/0/check");
        assertThat(refusal(() -> DisputeRequest.items(evictionsDeleted, List.of(DisputedRecord.wholeCheck("criminal")))))
                .as("the checks a refusal names as disputable leave the deleted one out")
                .extracting(ErrorEntry::detail).containsExactly("Must be a check of the report whose findings it states: credit.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"credit", "identity_verification"})
    void aCheckWithoutCourtRecordsIsDisputedOnlyAsAWhole(String check) {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(new DisputedRecord(check, 0)))))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("The " + check + " check lists no records; dispute it as a whole (record null).",
                        "/dispute/items/0/record"));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 2, 3, Integer.MAX_VALUE, Integer.MIN_VALUE})
    void aPositionOutsideTheChecksRecordsIsRefusedNamingTheRange(int position) {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(new DisputedRecord("eviction", position)))))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("Must be the position of a record of the eviction check, from 0 to 1.", "/dispute/items/0/record"));
    }

    @Test
    void aCourtRecordCheckWithoutRecordsHasNoPositionToName() {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(new DisputedRecord("criminal", 0)))))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("The criminal check lists no records.", "/dispute/items/0/record"));
    }

    @Test
    void theLastRecordIsAPositionAndTheFirstToo() {
        assertThat(DisputeRequest.items(REPORT, List.of(new DisputedRecord("eviction", 0), new DisputedRecord("eviction", 1))))
                .extracting(item -> Reinvestigations.record(item.disputed())).containsExactly(FIRST, SECOND);
    }

    @Test
    void aRecordOrACheckNamedTwiceIsRefusedAtItsSecondMention() {
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(new DisputedRecord("eviction", 1),
                DisputedRecord.wholeCheck("credit"), new DisputedRecord("eviction", 1)))))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("This record is named twice.", "/dispute/items/2"));
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(DisputedRecord.wholeCheck("credit"),
                DisputedRecord.wholeCheck("credit")))))
                .extracting(ErrorEntry::detail, this::pointer)
                .containsExactly(tuple("This check is named twice.", "/dispute/items/1"));
    }

    @Test
    void aCheckIsNotNamedBothAsAWholeAndByItsRecordsInEitherOrder() {
        String detail = "The eviction check is disputed as a whole; name the check or its records, not both.";

        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(DisputedRecord.wholeCheck("eviction"),
                new DisputedRecord("eviction", 0)))))
                .extracting(ErrorEntry::detail, this::pointer).containsExactly(tuple(detail, "/dispute/items/1"));
        assertThat(refusal(() -> DisputeRequest.items(REPORT, List.of(new DisputedRecord("eviction", 1),
                DisputedRecord.wholeCheck("eviction")))))
                .extracting(ErrorEntry::detail, this::pointer).containsExactly(tuple(detail, "/dispute/items/1"));
    }

    @Test
    void oneChecksWholeDisputeDoesNotStopAnotherChecksRecords() {
        Report both = report(court("eviction", FIRST), court("criminal", criminal(LocalDate.of(2022, 5, 5), true)));

        assertThat(DisputeRequest.items(both, List.of(DisputedRecord.wholeCheck("criminal"), new DisputedRecord("eviction", 0))))
                .extracting(Dispute.Item::check, Dispute.Item::record)
                .containsExactly(tuple(CheckType.CRIMINAL, null), tuple(CheckType.EVICTION, 0));
    }

    @Test
    void everyFaultyItemGetsItsOwnEntryWithItsOwnPointerAndNothingIsTaken() {
        List<DisputedRecord> named = new ArrayList<>(List.of(new DisputedRecord("eviction", 0), DisputedRecord.wholeCheck("income_verification"),
                new DisputedRecord("credit", 0), new DisputedRecord("eviction", 7), new DisputedRecord("eviction", 0)));

        assertThat(refusal(() -> DisputeRequest.items(REPORT, named))).extracting(this::pointer).containsExactly(
                "/dispute/items/1/check", "/dispute/items/2/record", "/dispute/items/3/record", "/dispute/items/4");
    }

    private List<ErrorEntry> refusal(ThrowingCallable call) {
        List<ErrorEntry> errors = new ArrayList<>();
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.status().getCode()).isEqualTo(422);
            errors.addAll(refused.errors());
        });
        return errors;
    }

    private String pointer(ErrorEntry entry) {
        return entry.source().pointer();
    }
}
