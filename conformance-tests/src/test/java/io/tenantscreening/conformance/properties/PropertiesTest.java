package io.tenantscreening.conformance.properties;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static io.tenantscreening.conformance.support.PropertyRequests.address;
import static io.tenantscreening.conformance.support.PropertyRequests.create;
import static io.tenantscreening.conformance.support.PropertyRequests.list;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /properties, rules 1 to 4 (found or created, with Location; what counts as the same
 * address; the first spelling kept; one property for concurrent creates) and
 * GET /properties/{id}, with the isolation per mode and organisation of
 * openapi.yaml#authentication and the ids of openapi.yaml#ids-and-timestamps; the members'
 * checks as the PropertyInput, UsState and Zipcode schemas of openapi.yaml describe them,
 * with the text rules of openapi.yaml#errors.
 */
@ExtendWith(FreshTenants.class)
class PropertiesTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** POST /properties, rule 1. */
    @Test
    void newAddressIsCreatedWith201AndACanonicalLocation() {
        ApiResponse response = create(key, address("12 Oak Street", "4B", "Austin", "TX", "78701"));

        assertThat(response.status()).isEqualTo(201);
        JsonNode property = response.json();
        assertThat(property.get("id").asText()).matches("pr_test_[0-9A-Za-z]{24}");
        assertThat(property.get("object").asText()).isEqualTo("property");
        assertThat(property.get("street").asText()).isEqualTo("12 Oak Street");
        assertThat(property.get("unit").asText()).isEqualTo("4B");
        assertThat(property.get("name").isNull()).isTrue();
        assertThat(response.header("Location")).isEqualTo(TestServer.baseUrl() + "/properties/" + property.get("id").asText());
        ApiResponse fetched = Api.get(Screenings.relative(response.header("Location"))).key(key).send();
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json()).isEqualTo(property);
    }

    /** openapi.yaml#ids-and-timestamps: live ids have no test infix. */
    @Test
    void liveKeyCreatesLiveIds() {
        ApiResponse response = create(tenant.liveKey(), address("12 Oak Street", null, "Austin", "TX", "78701"));

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("id").asText()).matches("pr_[0-9A-Za-z]{24}");
    }

    /** POST /properties, rules 1 to 3: a matching address answers 200 with the property as first created. */
    @ParameterizedTest(name = "[{0}] [{1}] [{2}] [{3}] [{4}] matches")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "12 Oak Street|4B|Austin|TX|78701",
            "12 oak street|4b|AUSTIN|TX|78701",
            "  12  Oak   Street |  4B |  Austin |TX|78701",
            "12 Oak Street|#4B|Austin|TX|78701",
            "12 Oak Street|4B|Austin|TX|78701-4321",
    })
    void repeatingAnAddressReturnsTheExistingProperty(String street, String unit, String city, String state, String zip) {
        ApiResponse first = create(key, address("12 Oak Street", "4B", "Austin", "TX", "78701"));

        ApiResponse again = create(key, address(street, unit, city, state, zip));

        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(again.header("Location")).isEqualTo(first.header("Location"));
        assertThat(list(key).get("count").asLong()).isEqualTo(1);
    }

    /** POST /properties, rule 2. */
    @Test
    void zipPlusFourFirstMatchesTheFiveDigitFormLater() {
        ApiResponse first = create(key, address("9 Elm Road", null, "Dallas", "TX", "75201-1234"));

        ApiResponse again = create(key, address("9 Elm Road", null, "Dallas", "TX", "75201"));

        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("id")).isEqualTo(first.json().get("id"));
    }

    /** POST /properties, rule 2. */
    @ParameterizedTest(name = "[{0}] [{1}] differs")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "12 Oak St|4B", "12 Oak Street|Apt 4B", "12 Oak Street|NULL", "12 Oak Street|4C"})
    void abbreviationsAndOtherUnitsAreDifferentAddresses(String street, String unit) {
        create(key, address("12 Oak Street", "4B", "Austin", "TX", "78701"));

        assertThat(create(key, address(street, unit, "Austin", "TX", "78701")).status()).isEqualTo(201);
    }

    /** POST /properties, rule 1. */
    @Test
    void sameAddressInTheOtherModeOrOrganisationIsAnotherProperty() {
        ApiResponse test = create(key, address("1 Pine Lane", null, "Reno", "NV", "89501"));
        ApiResponse live = create(tenant.liveKey(), address("1 Pine Lane", null, "Reno", "NV", "89501"));
        ApiResponse other = create(TestTenant.create().testKey(), address("1 Pine Lane", null, "Reno", "NV", "89501"));

        assertThat(List.of(test.status(), live.status(), other.status())).containsOnly(201);
        assertThat(List.of(test.json().get("id"), live.json().get("id"), other.json().get("id"))).doesNotHaveDuplicates();
    }

    /** openapi.yaml#authentication: a record of another organisation or of the other mode is 404, like a missing one. */
    @Test
    void anotherOrganisationsOrModesPropertyIsNotFound() {
        String id = create(key, address("3 Birch Court", null, "Boise", "ID", "83702")).json().get("id").asText();

        Api.get("/properties/" + id).key(TestTenant.create().testKey()).send().assertError(404, "not_found_error");
        Api.get("/properties/" + id).key(tenant.liveKey()).send().assertError(404, "not_found_error");
        Api.get("/properties/pr_test_doesNotExist000000000").key(key).send().assertError(404, "not_found_error");
    }

    /** POST /properties, rule 4. */
    @Test
    void concurrentIdenticalCreatesYieldExactlyOneRecord() throws Exception {
        int clients = 16;

        List<ApiResponse> responses = Concurrently.send(clients,
                client -> create(key, address("77 Sunset Boulevard", "#12", "Los Angeles", "CA", "90028")));

        assertThat(responses.stream().filter(r -> r.status() == 201)).hasSize(1);
        assertThat(responses.stream().filter(r -> r.status() == 200)).hasSize(clients - 1);
        assertThat(responses.stream().map(r -> r.json().get("id").asText()).distinct()).hasSize(1);
        assertThat(list(key).get("count").asLong()).isEqualTo(1);
    }

    @Test
    void everyInvalidMemberIsReportedWithItsPointer() {
        ApiResponse response = Api.post("/properties").key(key)
                .json("{\"property\": {\"name\": 5, \"state\": \"Texas\", \"zipcode\": \"787011\", \"unit\": \""
                        + "u".repeat(51) + "\"}}")
                .sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(), "/property/name", "/property/street",
                "/property/city", "/property/state", "/property/zipcode", "/property/unit");
    }

    @ParameterizedTest(name = "state {0} is refused")
    @CsvSource({"tx", "XX", "T", "TEX", "AE", "UM"})
    void stateMustBeAnUppercaseUspsCode(String state) {
        ApiResponse response = Api.post("/properties").key(key).json(address("1 A Street", null, "Austin", state, "78701"))
                .sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(), "/property/state");
    }

    /** Each with a ZIP code of its own (POST /properties, rule 5); Guam has none in the ZIP data. */
    @ParameterizedTest(name = "state {0} is accepted")
    @CsvSource({"DC, 20001", "PR, 00901", "GU, 96932", "VI, 00802", "AS, 96799", "MP, 96950", "WY, 82001"})
    void statesTerritoriesAndDcAreAccepted(String state, String zipcode) {
        assertThat(create(key, address("1 A Street", null, "Somewhere", state, zipcode)).status()).isEqualTo(201);
    }

    @ParameterizedTest(name = "zipcode {0} is refused")
    @CsvSource({"7870", "787011", "78701-12", "78701 1234", "ABCDE"})
    void zipcodeMustBeFiveDigitsOrZipPlusFour(String zipcode) {
        ApiResponse response = Api.post("/properties").key(key).json(address("1 A Street", null, "Austin", "TX", zipcode))
                .sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        JsonAssertions.assertPointers(errors, "/property/zipcode");
        JsonAssertions.assertDetailMentions(errors.get(0), "12345-6789");
    }

    /** openapi.yaml#errors: a text member that must not be blank needs a visible character. */
    @Test
    void blankStreetAndCityAreRefused() {
        ApiResponse response = Api.post("/properties").key(key).json(address("   ", null, "  ", "TX", "78701")).sendInvalid();

        JsonNode errors = response.assertValidationErrors();
        JsonAssertions.assertPointers(errors, "/property/street", "/property/city");
        errors.forEach(entry -> assertThat(entry.get("detail").asText()).startsWith("Must be a single line that is not blank"));
    }

    @Test
    void emptyPropertyReportsEachRequiredMember() {
        ApiResponse response = Api.post("/properties").key(key).json("{\"property\": {}}").sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(),
                "/property/street", "/property/city", "/property/state", "/property/zipcode");
    }

    @ParameterizedTest(name = "property {0} is refused")
    @CsvSource(delimiter = '|', value = {"\"12 Oak Street\"", "[]", "null", "42"})
    void nonObjectPropertyIsRefused(String property) {
        ApiResponse response = Api.post("/properties").key(key).json("{\"property\": " + property + "}").sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(), "/property");
    }

    @Test
    void missingPropertyIsRefused() {
        ApiResponse response = Api.post("/properties").key(key).json("{}").sendInvalid();

        JsonAssertions.assertPointers(response.assertValidationErrors(), "/property");
    }

}
