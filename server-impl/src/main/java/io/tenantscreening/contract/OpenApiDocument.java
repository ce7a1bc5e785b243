package io.tenantscreening.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The contracts as the api-spec module ships them on the classpath: openapi.yaml, the one
 * this build implements, and the released contract of each version it serves
 * (api-spec/released/&lt;version&gt;.yaml).
 */
public final class OpenApiDocument {

    private static final String TEXT = load("openapi.yaml");
    private static final Map<ApiVersion, String> RELEASED = loadReleased();

    private OpenApiDocument() {
    }

    public static String text() {
        return TEXT;
    }

    /** The contract of a version as it was released, byte for byte as api-spec/released holds it. */
    public static String released(ApiVersion version) {
        return RELEASED.get(version);
    }

    private static Map<ApiVersion, String> loadReleased() {
        Map<ApiVersion, String> released = new EnumMap<>(ApiVersion.class);
        Arrays.stream(ApiVersion.values()).forEach(version ->
                released.put(version, load("api-spec/released/" + version.date() + ".yaml")));
        return released;
    }

    private static String load(String resource) {
        try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
