package io.tenantscreening.operator;

import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Writes one JSON document per command on stdout. */
@Singleton
public class JsonOutput {

    private final JsonMapper mapper;

    public JsonOutput(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public void print(Object value) {
        try {
            System.out.println(mapper.writeValueAsString(value));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
