package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Request bodies for POST /properties, and the calls that register and list properties. */
public final class PropertyRequests {

    private PropertyRequests() {
    }

    public static ApiResponse create(String apiKey, String body) {
        return Api.post("/properties").key(apiKey).json(body).send();
    }

    public static JsonNode list(String apiKey) {
        return Api.get("/properties").key(apiKey).send().json();
    }

    /** A body for POST /properties; a null member is sent as null. */
    public static String address(String street, String unit, String city, String state, String zipcode) {
        return "{\"property\": {\"street\": " + quote(street) + ", \"unit\": " + quote(unit) + ", \"city\": " + quote(city)
                + ", \"state\": " + quote(state) + ", \"zipcode\": " + quote(zipcode) + "}}";
    }

    /** Registers this many new properties, oldest first, and answers their ids. */
    public static List<String> createProperties(String apiKey, int count) {
        return createProperties(apiKey, count, "street");
    }

    /** Like {@link #createProperties(String, int)}, with this word in every street's name. */
    public static List<String> createProperties(String apiKey, int count, String label) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ApiResponse response = create(apiKey, address(i + " " + label + " Avenue", null, "Portland", "OR", "97201"));
            assertThat(response.status()).isEqualTo(201);
            ids.add(response.json().get("id").asText());
        }
        return ids;
    }

    private static String quote(String value) {
        return value == null ? "null" : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
