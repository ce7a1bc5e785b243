package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The applicant of an order: POST /orders, rule 4 (an inline applicant is always new; an
 * applicant_id unknown, of another organisation or of the other mode is 404, one already
 * attached to an order 422: applicants and orders are 1:1); the members and their checks as
 * the ApplicantInput and Applicant schemas of openapi.yaml describe them (full_name split
 * into two parts of 1 to 50 characters, US phone numbers stored in E.164, a real dob from
 * 1900 to today, the SSN masked); the text rules of openapi.yaml#errors (trimmed of every
 * Unicode space, a visible character needed); and the sealed SSN that no log line shows
 * (docs/design.md#secrets-at-rest).
 */
@ExtendWith(FreshTenants.class)
class OrderApplicantTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    @Test
    void inlineApplicantIsCreatedWithEveryField() {
        ObjectNode body = body();
        applicant(body).put("dob", "1990-07-14").put("phone_number", "(512) 555-0142").put("ssn", "123-45-6789");

        JsonNode applicant = placeIncludingApplicant(body).get("applicant");

        assertThat(applicant.get("id").asText()).matches("ap_test_[0-9A-Za-z]{24}");
        assertThat(applicant.get("object").asText()).isEqualTo("applicant");
        assertThat(applicant.get("first_name").asText()).isEqualTo("Jamie");
        assertThat(applicant.get("last_name").asText()).isEqualTo("Rivera");
        assertThat(applicant.get("full_name").asText()).isEqualTo("Jamie Rivera");
        assertThat(applicant.get("email").asText()).isEqualTo("jamie.rivera@example.com");
        assertThat(applicant.get("dob").asText()).isEqualTo("1990-07-14");
        assertThat(applicant.get("phone_number").asText()).isEqualTo("+15125550142");
        assertThat(applicant.get("ssn").asText()).isEqualTo("XXX-XX-6789");
        assertThat(applicant.get("created_at").asText()).isNotEmpty();
    }

    @Test
    void optionalApplicantMembersAreExplicitNulls() {
        JsonNode applicant = placeIncludingApplicant(body()).get("applicant");

        assertThat(applicant.get("dob").isNull()).isTrue();
        assertThat(applicant.get("phone_number").isNull()).isTrue();
        assertThat(applicant.get("ssn").isNull()).isTrue();
    }

    /** docs/design.md#secrets-at-rest: the SSN is stored sealed, with its key's id and last four digits, and never logged. */
    @Test
    void theSsnIsStoredOnlyEncryptedWithItsKeyIdAndNeverLogged() {
        ObjectNode body = body();
        applicant(body).put("ssn", "987654321");
        String order;
        List<String> lines = new ArrayList<>();
        try (CapturedLogs logs = CapturedLogs.of("ROOT")) {
            order = placed(key, body);
            lines.addAll(logs.lines());
        }

        List<Object> row = TestDatabase.rows("SELECT a.ssn_ciphertext, a.ssn_key_id, a.ssn_last4, a::text FROM applicants a "
                + "JOIN orders o ON o.applicant_id = a.id WHERE o.id = ?", order).get(0);
        byte[] ciphertext = (byte[]) row.get(0);
        assertThat(new String(ciphertext, StandardCharsets.ISO_8859_1)).doesNotContain("987654321").doesNotContain("98765");
        assertThat(ciphertext.length).isEqualTo(12 + 9 + 16);
        assertThat(row.get(1)).isEqualTo("test-1");
        assertThat(row.get(2)).isEqualTo("4321");
        assertThat((String) row.get(3)).doesNotContain("987654321");
        assertThat(lines).isNotEmpty().noneMatch(line -> line.contains("987654321") || line.contains("987-65-4321"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"123-45-6789", "123456789"})
    void ssnIsNineDigitsWithOrWithoutDashes(String ssn) {
        ObjectNode body = body();
        applicant(body).put("ssn", ssn);

        assertThat(placeIncludingApplicant(body).get("applicant").get("ssn").asText()).isEqualTo("XXX-XX-6789");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"12345678", "1234567890", "123-456-789", "123-456789", "12345-6789", "abc-de-fghi", "123 45 6789"})
    void ssnOfAnyOtherShapeIs422(String ssn) {
        ObjectNode body = body();
        applicant(body).put("ssn", ssn);

        assertPointers(invalid(body), "/order/applicant/ssn");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "(512) 555-0142|+15125550142",
            "512-555-0142|+15125550142",
            "512.555.0142|+15125550142",
            "+1 512 555 0142|+15125550142",
            "1-512-555-0142|+15125550142",
            "5125550142|+15125550142",
            "(787) 555-1234|+17875551234",
    })
    void phoneNumbersInCommonUsFormatsAreStoredAsE164(String input, String e164) {
        ObjectNode body = body();
        applicant(body).put("phone_number", input);

        assertThat(placeIncludingApplicant(body).get("applicant").get("phone_number").asText()).isEqualTo(e164);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"+44 20 7946 0958", "+33 1 42 68 53 00", "+1 416 555 0142", "(604) 555-0142", "12", "phone", "555-0142",
            "(512) 555-0142 ext. 7"})
    void nonUsOrUnparseablePhoneNumbersAre422(String input) {
        ObjectNode body = body();
        applicant(body).put("phone_number", input);

        ApiResponse response = place(key, body);

        assertPointers(response.assertValidationErrors(), "/order/applicant/phone_number");
    }

    @Test
    void legacyFullNameIsSplitAtTheFirstWhitespace() {
        ObjectNode body = body();
        applicant(body).remove("first_name");
        applicant(body).remove("last_name");
        applicant(body).put("full_name", "  Mary   Ann Smith ");

        JsonNode applicant = placeIncludingApplicant(body).get("applicant");

        assertThat(applicant.get("first_name").asText()).isEqualTo("Mary");
        assertThat(applicant.get("last_name").asText()).isEqualTo("Ann Smith");
        assertThat(applicant.get("full_name").asText()).isEqualTo("Mary Ann Smith");
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"Cher", "  Madonna  ", "Jo\u00A0", "\u202FPrince\u2007", "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa Smith",
            "Jamie Bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"})
    void fullNameWithoutTwoPartsOfOneToFiftyCharactersIs422(String fullName) {
        ObjectNode body = body();
        applicant(body).remove("first_name");
        applicant(body).remove("last_name");
        applicant(body).put("full_name", fullName);

        assertPointers(place(key, body).assertValidationErrors(), "/order/applicant/full_name");
    }

    @Test
    void fullNamePartsOfFiftyCharactersAreAcceptedWhateverWhitespaceSurroundsThem() {
        String first = "A".repeat(50);
        String last = "B".repeat(50);
        ObjectNode body = body();
        applicant(body).remove("first_name");
        applicant(body).remove("last_name");
        applicant(body).put("full_name", "\u00A0" + first + " \u00A0 " + last + "\u202F");

        JsonNode applicant = placeIncludingApplicant(body).get("applicant");

        assertThat(applicant.get("first_name").asText()).isEqualTo(first);
        assertThat(applicant.get("last_name").asText()).isEqualTo(last);
    }

    @Test
    void namesAreTrimmedOfNoBreakSpacesToo() {
        ObjectNode body = body();
        applicant(body).put("first_name", "\u00A0Jamie\u2007").put("last_name", "Rivera\u202F");

        JsonNode applicant = placeIncludingApplicant(body).get("applicant");

        assertThat(applicant.get("first_name").asText()).isEqualTo("Jamie");
        assertThat(applicant.get("last_name").asText()).isEqualTo("Rivera");
        assertThat(applicant.get("full_name").asText()).isEqualTo("Jamie Rivera");
    }

    @Test
    void fullNameTogetherWithFirstAndLastNameIs422() {
        ObjectNode body = body();
        applicant(body).put("full_name", "Jamie Rivera");

        assertPointers(place(key, body).assertValidationErrors(), "/order/applicant/full_name");
    }

    @Test
    void withoutFullNameBothFirstAndLastNameAreRequired() {
        ObjectNode neither = body();
        applicant(neither).remove("first_name");
        applicant(neither).remove("last_name");
        ObjectNode onlyFirst = body();
        applicant(onlyFirst).remove("last_name");

        assertPointers(place(key, neither).assertValidationErrors(), "/order/applicant/first_name", "/order/applicant/last_name");
        assertPointers(place(key, onlyFirst).assertValidationErrors(), "/order/applicant/last_name");
    }

    @Test
    void blankNamesAre422() {
        ObjectNode body = body();
        applicant(body).put("first_name", "   ");

        assertPointers(invalid(body), "/order/applicant/first_name");
    }

    @ParameterizedTest(name = "U+{0}")
    @ValueSource(strings = {"001C", "001F", "0085", "000A", "2003", "3000"})
    void namesOfControlCharactersOrUnicodeSpacesOnlyAre422(String codePoint) {
        String blank = Character.toString(Integer.parseInt(codePoint, 16)).repeat(2);
        ObjectNode body = body();
        applicant(body).put("last_name", blank);
        order(body).putObject("original_requester").put("external_id", "x").put("type", "business").put("name", blank);

        assertPointers(invalid(body), "/order/applicant/last_name", "/order/original_requester/name");
    }

    @Test
    void fullNameSplitsAtUnicodeWhitespaceToo() {
        ObjectNode body = body();
        applicant(body).remove("first_name");
        applicant(body).remove("last_name");
        applicant(body).put("full_name", "Jamie\u2003Rivera");

        assertThat(placeIncludingApplicant(body).get("applicant").get("last_name").asText()).isEqualTo("Rivera");
    }

    @Test
    void emailIsAlwaysRequiredAndMustBeAnAddress() {
        ObjectNode missing = body();
        applicant(missing).remove("email");
        ObjectNode malformed = body();
        applicant(malformed).put("email", "jamie at example");

        assertPointers(invalid(missing), "/order/applicant/email");
        JsonNode errors = invalid(malformed);
        assertPointers(errors, "/order/applicant/email");
        assertThat(errors.get(0).get("detail").asText()).isEqualTo("Is not a valid email address.");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"2023-02-30", "1990-13-01", "14/07/1990", "1990-7-14"})
    void dobMustBeARealYyyyMmDdDate(String dob) {
        ObjectNode body = body();
        applicant(body).put("dob", dob);

        JsonNode errors = invalid(body);
        assertPointers(errors, "/order/applicant/dob");
        assertThat(errors.get(0).get("detail").asText()).contains("YYYY-MM-DD").doesNotContain(dob);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0000-01-01", "1899-12-31", "future"})
    void dobBefore1900OrInTheFutureIs422(String dob) {
        ObjectNode body = body();
        applicant(body).put("dob", dob.equals("future") ? LocalDate.now().plusDays(2).toString() : dob);

        assertPointers(place(key, body).assertValidationErrors(), "/order/applicant/dob");
    }

    @Test
    void rule4AnInlineApplicantIsAlwaysNew() {
        String first = applicantOf(placed(key, body()));
        String second = applicantOf(placed(key, body()));

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void rule4AnUnattachedApplicantIdIsUsed() {
        String applicant = OrderRequests.unattachedApplicant(tenant, Mode.TEST);

        ApiResponse response = place(key, OrderRequests.withApplicantId(applicant));

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("applicant_id").asText()).isEqualTo(applicant);
    }

    @Test
    void rule4ApplicantIdUnknownOfAnotherOrganisationOrOfTheOtherModeIs404() {
        String foreign = OrderRequests.unattachedApplicant(TestTenant.create(), Mode.TEST);
        String live = OrderRequests.unattachedApplicant(tenant, Mode.LIVE);
        for (String id : List.of("ap_test_000000000000000000000000", foreign, live)) {
            place(key, OrderRequests.withApplicantId(id)).assertError(404, "not_found_error");
        }
    }

    @Test
    void rule4AnApplicantAlreadyAttachedToAnOrderIs422() {
        String attached = applicantOf(placed(key, body()));

        ApiResponse response = place(key, OrderRequests.withApplicantId(attached));

        assertPointers(response.assertValidationErrors(), "/order/applicant_id");
    }

    @Test
    void rule4ConcurrentOrdersForOneApplicantCreateAtMostOne() throws Exception {
        String applicant = OrderRequests.unattachedApplicant(tenant, Mode.TEST);

        List<ApiResponse> responses = Concurrently.send(8, client -> place(key, OrderRequests.withApplicantId(applicant)));

        List<Integer> statuses = responses.stream().map(ApiResponse::status).toList();
        for (ApiResponse response : responses) {
            if (response.status() == 422) {
                assertPointers(response.assertValidationErrors(), "/order/applicant_id");
            }
        }
        assertThat(statuses).containsOnly(201, 422);
        assertThat(statuses.stream().filter(status -> status == 201)).hasSize(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM orders WHERE applicant_id = ?", applicant)).isEqualTo(1);
    }

    /**
     * An applicant without an order. The API creates applicants only together with their
     * order, so the test makes one through the service, as a future applicant endpoint would.
     */
    private String applicantOf(String orderId) {
        return Api.get("/orders/" + orderId).key(key).send().json()
                .get("applicant_id").asText();
    }

    private JsonNode placeIncludingApplicant(ObjectNode body) {
        ApiResponse response = OrderRequests.post(key, body, UUID.randomUUID().toString(), "?include=applicant").send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    private JsonNode invalid(ObjectNode body) {
        return OrderRequests.post(key, body, UUID.randomUUID().toString()).sendInvalid().assertValidationErrors();
    }
}
