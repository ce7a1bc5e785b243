package io.tenantscreening.conformance.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tenantscreening.contract.OpenApiDocument;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

import static org.assertj.core.api.Assertions.fail;

/**
 * The one HTTP client of the conformance tests. Every exchange is checked against
 * openapi.yaml: the response always, the request too unless the test sends a request it
 * means to be invalid (then the contract must agree that it is). Any violation fails the
 * test, whatever the test itself asserts. A compressed body is decoded first, as clients
 * do; one in a content coding clients do not decode fails the test.
 */
public final class Api {

    private static final OpenApiInteractionValidator CONTRACT = OpenApiInteractionValidator
            .createForInlineApiSpecification(declaredMembersOnly(OpenApiDocument.text()))
            .withLevelResolver(LevelResolver.create()
                    // Keys are the subject of AuthenticationTest; requests without one are sent on purpose.
                    .withLevel("validation.request.security", ValidationReport.Level.IGNORE)
                    // The service refuses query parameters the document does not list; so does the contract here.
                    .withLevel("validation.request.parameter.query.unexpected", ValidationReport.Level.ERROR)
                    .build())
            .build();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Api() {
    }

    /**
     * The contract without {@code additionalProperties: true}: the response schemas say it so
     * that clients keep members a later release adds (docs/integrators.md#versions), but the
     * service itself answers only the members its contract declares, and the validator holds
     * it to that, as it does to every object schema that does not say otherwise.
     */
    private static String declaredMembersOnly(String document) {
        try {
            ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
            JsonNode contract = yaml.readTree(document);
            contract.path("components").path("schemas").forEach(schema -> {
                if (schema instanceof ObjectNode object && object.path("additionalProperties").asBoolean(false)) {
                    object.remove("additionalProperties");
                }
            });
            return yaml.writeValueAsString(contract);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Call get(String path) {
        return new Call("GET", path);
    }

    public static Call post(String path) {
        return new Call("POST", path);
    }

    public static Call call(String method, String path) {
        return new Call(method, path);
    }

    /** One request under construction. */
    public static final class Call {
        private final String method;
        private final String pathAndQuery;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private String baseUrl;
        private byte[] body;

        private Call(String method, String pathAndQuery) {
            this.method = method;
            this.pathAndQuery = pathAndQuery;
        }

        /** Sends to another instance of the service (one started as a separate process) instead of the test server. */
        public Call at(String otherBaseUrl) {
            baseUrl = otherBaseUrl;
            return this;
        }

        public Call key(String apiKey) {
            return header("Authorization", "Bearer " + apiKey);
        }

        public Call header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public Call json(String json) {
            return body("application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        public Call body(String contentType, byte[] bytes) {
            headers.put("Content-Type", contentType);
            body = bytes;
            return this;
        }

        /** Sends a request the contract allows; both request and response are validated. */
        public ApiResponse send() {
            ValidationReport requestReport = CONTRACT.validateRequest(toContractRequest());
            if (requestReport.hasErrors()) {
                fail("The test's request breaks the contract:\n" + describe(requestReport));
            }
            return exchange(true);
        }

        /**
         * Sends a request the test means to be invalid; the contract must agree that it is,
         * and the response is validated against the operation's documented responses.
         */
        public ApiResponse sendInvalid() {
            ValidationReport requestReport = CONTRACT.validateRequest(toContractRequest());
            if (!requestReport.hasErrors()) {
                fail("The test meant to send an invalid request, but the contract accepts " + method + " " + pathAndQuery);
            }
            return exchange(true);
        }

        /**
         * Sends a request whose bytes the contract's own, lenient JSON reader cannot judge
         * (repeated members, bytes after the value, invalid UTF-8, unpaired surrogates); only
         * the response is validated against the operation's documented responses.
         */
        public ApiResponse sendRaw() {
            return exchange(true);
        }

        /**
         * Sends a request to a route the document does not describe (unknown path or method).
         * Its error response is validated as the documented default error of
         * {@code documentedMethod documentedPath}: the same envelope and headers every error has.
         */
        public ApiResponse sendUndocumented(String documentedMethod, String documentedPath) {
            ApiResponse response = exchange(false);
            validateResponse(documentedMethod, documentedPath, response);
            return response;
        }

        private ApiResponse exchange(boolean validate) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create((baseUrl == null ? TestServer.baseUrl() : baseUrl)
                            + pathAndQuery))
                    .timeout(Duration.ofSeconds(30))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            headers.forEach(builder::header);
            HttpResponse<byte[]> response;
            try {
                response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            String coding = response.headers().firstValue("Content-Encoding").orElse(null);
            ApiResponse result = new ApiResponse(response.statusCode(), response.headers().map(), decode(coding, response.body()),
                    response.body());
            if (validate) {
                validateResponse(method, path(), result);
            }
            return result;
        }

        private String path() {
            int query = pathAndQuery.indexOf('?');
            return query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
        }

        private Request toContractRequest() {
            SimpleRequest.Builder builder = new SimpleRequest.Builder(Request.Method.valueOf(method), path());
            int query = pathAndQuery.indexOf('?');
            if (query >= 0) {
                for (String pair : pathAndQuery.substring(query + 1).split("&")) {
                    String[] parts = pair.split("=", 2);
                    builder.withQueryParam(decode(parts[0]), parts.length > 1 ? decode(parts[1]) : "");
                }
            }
            headers.forEach(builder::withHeader);
            if (body != null) {
                builder.withBody(new String(body, StandardCharsets.UTF_8));
            }
            return builder.build();
        }
    }

    /**
     * An answer received by {@link RawHttp}, checked against the documented responses of
     * {@code documentedMethod documentedPath} like every other answer.
     */
    public static ApiResponse checked(String documentedMethod, String documentedPath, RawHttp.Response raw) {
        ApiResponse response = new ApiResponse(raw.status(), raw.headers(), raw.body());
        validateResponse(documentedMethod, documentedPath, response);
        return response;
    }

    private static void validateResponse(String method, String path, ApiResponse response) {
        SimpleResponse.Builder builder = SimpleResponse.Builder.status(response.status());
        response.headers().forEach((name, values) -> {
            if (!name.equals(":status")) {
                builder.withHeader(name, values);
            }
        });
        if (!response.body().isEmpty()) {
            builder.withBody(response.body());
        }
        ValidationReport report = CONTRACT.validateResponse(path, Request.Method.valueOf(method), builder.build());
        if (report.hasErrors()) {
            fail("The response to " + method + " " + path + " breaks the contract:\n" + describe(report)
                    + "\nstatus " + response.status() + ", body: " + response.body());
        }
    }

    private static String describe(ValidationReport report) {
        List<String> lines = new ArrayList<>();
        for (ValidationReport.Message message : report.getMessages()) {
            if (message.getLevel() == ValidationReport.Level.ERROR) {
                lines.add("  - " + message.getKey() + ": " + message.getMessage());
            }
        }
        return String.join("\n", lines);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    /** The body as a client reads it, its content coding undone (one HTTP clients decode, or the test fails). */
    private static String decode(String coding, byte[] received) {
        if (coding == null || coding.equalsIgnoreCase("identity") || received.length == 0) {
            return new String(received, StandardCharsets.UTF_8);
        }
        InputStream in = switch (coding.toLowerCase(Locale.ROOT)) {
            case "gzip" -> gunzip(received);
            case "deflate" -> new InflaterInputStream(new ByteArrayInputStream(received));
            default -> throw new AssertionError("The service answered in the content coding '" + coding
                    + "', which HTTP clients do not decode");
        };
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("The body does not decode as " + coding, e);
        }
    }

    private static InputStream gunzip(byte[] received) {
        try {
            return new GZIPInputStream(new ByteArrayInputStream(received));
        } catch (IOException e) {
            throw new AssertionError("The body does not decode as gzip", e);
        }
    }
}
