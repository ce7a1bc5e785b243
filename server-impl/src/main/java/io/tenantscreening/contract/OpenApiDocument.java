package io.tenantscreening.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The contracts as the api-spec module ships them on the classpath: openapi.yaml, the one
 * this build implements (with its JSON form, openapi.json, for the parsers), and the
 * released contract of each version it serves (api-spec/released/&lt;version&gt;.yaml).
 * Every version but the newest must have been released; the newest may still be in the
 * making, described by openapi.yaml alone.
 */
public final class OpenApiDocument {

    private static final String TEXT = load("openapi.yaml");
    private static final String JSON = load("openapi.json");
    private static final Map<ApiVersion, String> RELEASED = loadReleased();

    private OpenApiDocument() {
    }

    public static String text() {
        return TEXT;
    }

    /**
     * openapi.yaml as JSON, written when api-spec is built (its tools/ContractJson.java): the
     * same document, which the parsers read about a third faster than the YAML.
     */
    public static String json() {
        return JSON;
    }

    /**
     * The contract of a version as it was released, byte for byte as api-spec/released holds
     * it; empty for the newest version while it is not released.
     */
    public static Optional<String> released(ApiVersion version) {
        return Optional.ofNullable(RELEASED.get(version));
    }

    /** The versions whose contract has been released, newest first. */
    public static List<String> releasedVersions() {
        return RELEASED.keySet().stream().sorted(Comparator.reverseOrder()).map(ApiVersion::date).toList();
    }

    private static Map<ApiVersion, String> loadReleased() {
        Map<ApiVersion, String> released = new EnumMap<>(ApiVersion.class);
        for (ApiVersion version : ApiVersion.values()) {
            String resource = "api-spec/released/" + version.date() + ".yaml";
            Optional<String> text = loadIfPresent(resource);
            if (text.isPresent()) {
                released.put(version, text.get());
            } else if (version != ApiVersions.NEWEST) {
                throw new IllegalStateException(resource + " is missing from the classpath: only the newest version may be unreleased");
            }
        }
        return released;
    }

    private static String load(String resource) {
        return loadIfPresent(resource).orElseThrow(() -> new IllegalStateException(resource + " is missing from the classpath"));
    }

    private static Optional<String> loadIfPresent(String resource) {
        try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
