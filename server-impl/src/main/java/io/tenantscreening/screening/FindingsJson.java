package io.tenantscreening.screening;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.UncheckedIOException;

/** Findings as stored and reported: the JSON of the report's {@code details}, snake_case, dates as ISO dates. */
final class FindingsJson {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private FindingsJson() {
    }

    static String write(Findings findings) {
        try {
            return JSON.writeValueAsString(findings);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
