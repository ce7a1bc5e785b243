package io.tenantscreening.jurisdictions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;

import java.io.UncheckedIOException;

/**
 * Screening rules as an order stores them ({@code orders.screening_rules}, jsonb): snake_case
 * members, enum values as their names. Reading passes over members it does not know, since
 * stored rules outlive releases.
 */
public final class ScreeningRulesJson {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ScreeningRulesJson() {
    }

    public static String write(ScreeningRules rules) {
        try {
            return JSON.writeValueAsString(rules);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ScreeningRules read(String json) {
        try {
            return JSON.readValue(json, ScreeningRules.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
