package io.tenantscreening.conformance.properties;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /properties, rules 5 to 9 (a property's jurisdiction, from its address and the
 * jurisdiction stated), the test addresses of openapi.yaml's "Test mode" section, and
 * docs/operators.md, Jurisdictions: an order keeps the rules it was placed under.
 */
@ExtendWith(FreshTenants.class)
class JurisdictionTest {

    @Fresh
    private String key;

    private static String body(String street, String city, String state, String zip, String county, String cityFips) {
        String jurisdiction = county == null && cityFips == null ? ""
                : ", \"jurisdiction\": {" + (county == null ? "" : "\"county_fips\": \"" + county + "\"")
                + (county != null && cityFips != null ? ", " : "")
                + (cityFips == null ? "" : "\"city_fips\": \"" + cityFips + "\"") + "}";
        return "{\"property\": {\"street\": \"" + street + "\", \"city\": \"" + city + "\", \"state\": \"" + state
                + "\", \"zipcode\": \"" + zip + "\"" + jurisdiction + "}}";
    }

    private ApiResponse create(String street, String city, String state, String zip, String county, String cityFips) {
        return Api.post("/properties").key(key).json(body(street, city, state, zip, county, cityFips)).send();
    }

    /** The "Test mode" table: one address per covered place and the federal default. */
    @ParameterizedTest(name = "{0}, {1} {2} {3} city {4}: {5}, {6}")
    @CsvSource(nullValues = "-", value = {
            "350 5th Ave, New York, NY, 10118, -, two_step, us-ny-new-york-city, 36061, 3651000, address",
            "69 W Washington St, Chicago, IL, 60602, -, two_step, us-il-cook-county, 17031, -, address",
            "600 4th Ave, Seattle, WA, 98104, 5363000, not_allowed, us-wa-seattle, 53033, 5363000, stated",
            "1 Frank H Ogawa Plaza, Oakland, CA, 94612, 0653000, not_allowed, us-ca-oakland, 06001, 0653000, stated",
            "2180 Milvia St, Berkeley, CA, 94704, 0606000, not_allowed, us-ca-berkeley, 06001, 0606000, stated",
            "200 N Spring St, Los Angeles, CA, 90012, -, standard, us-ca, 06037, -, address",
            "1 Commerce Plaza, Albany, NY, 12207, -, standard, us-ny, 36001, -, address",
            "12 Oak Street, Austin, TX, 78701, -, standard, us, 48453, -, address"})
    void theTestAddressesResolveToTheirPlaces(String street, String city, String state, String zip, String cityFips,
                                              String screening, String narrowest, String county, String resolvedCity,
                                              String resolution) {
        ApiResponse response = create(street, city, state, zip, null, cityFips);

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode jurisdiction = response.json().get("jurisdiction");
        assertThat(jurisdiction.get("state").get("code").asText()).isEqualTo(state);
        assertThat(jurisdiction.get("county").get("fips").asText()).isEqualTo(county);
        assertThat(jurisdiction.get("city").isNull() ? null : jurisdiction.get("city").get("fips").asText()).isEqualTo(resolvedCity);
        assertThat(jurisdiction.get("resolution").asText()).isEqualTo(resolution);
        JsonNode rules = jurisdiction.get("rules");
        assertThat(rules.get("criminal_screening").asText()).isEqualTo(screening);
        JsonNode places = rules.get("places");
        assertThat(places.get(0).get("id").asText()).isEqualTo("us");
        assertThat(places.get(places.size() - 1).get("id").asText()).isEqualTo(narrowest);
        assertThat(rules.get("not_legal_advice").asText()).contains("not legal advice");
    }

    /** docs/operators.md, Jurisdictions: the order keeps its property's rules (orders.screening_rules). */
    @ParameterizedTest(name = "{2} {3}: {5}")
    @CsvSource(nullValues = "-", value = {
            "350 5th Ave, New York, NY, 10118, -, TWO_STEP",
            "600 4th Ave, Seattle, WA, 98104, 5363000, NOT_ALLOWED",
            "12 Oak Street, Austin, TX, 78701, -, STANDARD"})
    void anOrderStoresTheRulesOfItsProperty(String street, String city, String state, String zip, String cityFips,
                                            String screening) {
        ObjectNode body = OrderRequests.body();
        ObjectNode property = OrderRequests.order(body).putObject("property").put("street", street).put("city", city)
                .put("state", state).put("zipcode", zip);
        if (cityFips != null) {
            property.putObject("jurisdiction").put("city_fips", cityFips);
        }
        String id = OrderRequests.placed(key, body);

        Object stored = TestDatabase.rows("SELECT screening_rules->>'criminal_screening' FROM orders WHERE id = ?", id)
                .get(0).get(0);
        assertThat(stored).isEqualTo(screening);
        ApiResponse order = Api.get("/orders/" + id + "?include=property").key(key).send();
        assertThat(order.json().get("property").get("jurisdiction").get("rules").get("criminal_screening").asText())
                .isEqualTo(screening.toLowerCase());
    }

    /** POST /properties, rule 8: part of King County lies in Seattle; the postal city name is not used. */
    @Test
    void aCountyThatHoldsPartOfACoveredCityNeedsTheCityStated() {
        ApiResponse response = create("1 Main St", "Seattle", "WA", "98146", null, null);

        assertError(response, "jurisdiction_ambiguous", "/property/jurisdiction");
        assertThat(create("1 Main St", "Seattle", "WA", "98146", null, "none").json().get("jurisdiction")
                .get("rules").get("criminal_screening").asText()).isEqualTo("standard");
    }

    /**
     * JurisdictionPlace: a law's date is given only where the rule data confirmed it; otherwise
     * it is null and the place's unconfirmed notes say so.
     */
    @Test
    void aPlaceGivesItsLawsDateOnlyWhereItIsConfirmed() {
        JsonNode newYork = create("350 5th Ave", "New York", "NY", "10118", null, null).json()
                .get("jurisdiction").get("rules").get("places");
        JsonNode city = newYork.get(newYork.size() - 1);
        assertThat(city.get("effective_on").asText()).isEqualTo("2025-01-01");
        JsonNode seattle = create("600 4th Ave", "Seattle", "WA", "98104", null, "5363000").json()
                .get("jurisdiction").get("rules").get("places");
        JsonNode barred = seattle.get(seattle.size() - 1);
        assertThat(barred.get("effective_on").isNull()).isTrue();
        assertThat(barred.get("unconfirmed").toString()).contains("effective date is not confirmed");
    }

    /** POST /orders with an inline property follows POST /properties, rule 8, pointing at the order's property. */
    @Test
    void anInlinePropertyOfAnOrderIsResolvedTheSameWay() {
        ObjectNode body = OrderRequests.body();
        OrderRequests.order(body).putObject("property").put("street", "1 Main St").put("city", "Oakland").put("state", "CA")
                .put("zipcode", "94612");

        assertError(OrderRequests.place(key, body), "jurisdiction_ambiguous", "/order/property/jurisdiction");
    }

    /** POST /properties, rule 5: a ZIP code the data knows only in another state. */
    @Test
    void aZipCodeOfAnotherStateIsRefused() {
        assertError(create("1 Main St", "Austin", "TX", "10118", null, null), "zipcode_outside_state", "/property/zipcode");
    }

    /** POST /properties, rule 6: the stated members must fit the address. */
    @Test
    void statedMembersMustFitTheAddress() {
        assertError(create("1 Main St", "Austin", "TX", "78701", "48001", null), "jurisdiction_mismatch",
                "/property/jurisdiction/county_fips");
        assertError(create("1 Main St", "Austin", "TX", "78701", null, "5363000"), "jurisdiction_mismatch",
                "/property/jurisdiction/city_fips");
        assertError(create("1 Main St", "Seattle", "WA", "98104", null, "5300000"), "jurisdiction_mismatch",
                "/property/jurisdiction/city_fips");
    }

    /** POST /properties, rule 7: Berkeley's 94707 spans Alameda and Contra Costa; the stated city settles the county. */
    @Test
    void theStatedCityNarrowsTheCounties() {
        JsonNode jurisdiction = create("1 Main St", "Berkeley", "CA", "94707", null, "0606000").json().get("jurisdiction");

        assertThat(jurisdiction.get("county").get("fips").asText()).isEqualTo("06001");
        assertError(create("2 Main St", "Berkeley", "CA", "94707", null, null), "jurisdiction_ambiguous", "/property/jurisdiction");
    }

    /** POST /properties, rule 9: the same address with another stated jurisdiction is refused. */
    @Test
    void aDifferentStatedJurisdictionForAKnownAddressIsAConflict() {
        assertThat(create("600 4th Ave", "Seattle", "WA", "98104", null, "5363000").status()).isEqualTo(201);

        assertError(create("600 4th Ave", "Seattle", "WA", "98104", null, "none"), "jurisdiction_conflict", "/property/jurisdiction");
        assertThat(create("600 4th Ave", "Seattle", "WA", "98104", null, null).status()).isEqualTo(200);
    }

    private static void assertError(ApiResponse response, String code, String pointer) {
        assertThat(response.status()).as(response.body()).isEqualTo(422);
        JsonNode errors = response.json().get("errors");
        assertThat(errors.get(0).get("code").asText()).isEqualTo(code);
        JsonAssertions.assertPointers(errors, pointer);
    }
}
