package io.tenantscreening.conformance.properties;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /properties, rule 2 (runs of any Unicode space are one space), with one text
 * normaliser for every input (openapi.yaml#errors: white space is every Unicode space, as in
 * the patterns' \s), so each kind of Unicode space edging or separating the words of an
 * address is the same address, on POST /properties and inline on an order alike
 * (POST /orders, rule 2), and names are trimmed of it.
 */
class UnicodeSpacesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The space separators (Zs) of Unicode, and the zero-width no-break space. */
    @ParameterizedTest(name = "U+{0}")
    @ValueSource(strings = {"0020", "00A0", "1680", "2000", "2001", "2002", "2003", "2004", "2005", "2006", "2007", "2008",
            "2009", "200A", "202F", "205F", "3000", "FEFF"})
    void aSpaceOfEachKindMakesNoNewAddressAndIsTrimmedFromNames(String hex) {
        String s = Character.toString(Integer.parseInt(hex, 16));
        String key = TestTenant.create().testKey();
        String plain = property(key, "12 Oak Street", "Austin").json().get("id").asText();

        ApiResponse spaced = property(key, s + "12" + s + s + "Oak Street" + s, s + "Austin" + s);
        ObjectNode order = OrderRequests.body();
        ObjectNode inline = (ObjectNode) OrderRequests.order(order).get("property");
        inline.put("street", s + "12 Oak" + s + "Street").put("city", "Austin" + s);
        OrderRequests.applicant(order).put("first_name", s + "Jamie" + s).put("last_name", "Rivera" + s);
        JsonNode placed = OrderRequests.place(key, order).json();

        assertThat(spaced.status()).isEqualTo(200);
        assertThat(spaced.json().get("id").asText()).isEqualTo(plain);
        assertThat(placed.get("property_id").asText()).isEqualTo(plain);
        JsonNode applicant = Api.get("/orders/" + placed.get("id").asText() + "?include=applicant").key(key).send()
                .json().get("applicant");
        assertThat(applicant.get("first_name").asText()).isEqualTo("Jamie");
        assertThat(applicant.get("full_name").asText()).isEqualTo("Jamie Rivera");
    }

    private static ApiResponse property(String key, String street, String city) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("property").put("street", street).put("city", city).put("state", "TX").put("zipcode", "78701");
        return Api.post("/properties").key(key).json(body.toString()).send();
    }
}
