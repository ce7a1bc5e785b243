package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A received response, already checked against the contract, with assertion helpers; {@code bytes} is the body as received. */
public record ApiResponse(int status, Map<String, List<String>> headers, String body, byte[] bytes) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ApiResponse(int status, Map<String, List<String>> headers, byte[] bytes) {
        this(status, headers, new String(bytes, StandardCharsets.UTF_8), bytes);
    }

    public ApiResponse(int status, Map<String, List<String>> headers, String body) {
        this(status, headers, body, body.getBytes(StandardCharsets.UTF_8));
    }

    public String header(String name) {
        return headers.entrySet().stream()
                .filter(entry -> entry.getKey().equalsIgnoreCase(name))
                .map(entry -> entry.getValue().get(0))
                .findFirst()
                .orElse(null);
    }

    public JsonNode json() {
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new AssertionError("The body is not JSON: " + body, e);
        }
    }

    /** Asserts an error response with exactly one entry of this code, and returns that entry. */
    public JsonNode assertError(int expectedStatus, String code) {
        assertThat(status).as("status of %s", body).isEqualTo(expectedStatus);
        JsonNode errors = json().get("errors");
        assertThat(errors).as("errors of %s", body).hasSize(1);
        assertThat(errors.get(0).get("code").asText()).isEqualTo(code);
        return errors.get(0);
    }

    /** Asserts a 422 whose entries are all validation errors, and returns them. */
    public JsonNode assertValidationErrors() {
        assertThat(status).as("status of %s", body).isEqualTo(422);
        JsonNode errors = json().get("errors");
        assertThat(errors).as("errors of %s", body).isNotEmpty();
        errors.forEach(entry -> assertThat(entry.get("code").asText()).isEqualTo("validation_error"));
        return errors;
    }
}
