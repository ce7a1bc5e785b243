package io.tenantscreening.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The contract, openapi.yaml, as the api-spec module ships it on the classpath. */
public final class OpenApiDocument {

    private static final String TEXT = load();

    private OpenApiDocument() {
    }

    public static String text() {
        return TEXT;
    }

    private static String load() {
        try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream("openapi.yaml")) {
            if (in == null) {
                throw new IllegalStateException("openapi.yaml is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
