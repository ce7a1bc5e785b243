package io.tenantscreening.conformance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A client of the applicants' HTML pages, as a browser without JavaScript would use them:
 * GET a page, POST its form. Each instance is one client: its address, sent in
 * {@link #CLIENT_HEADER}, is its own, so limits on one test's client leave others alone.
 */
public final class Pages {

    /** The header the test server takes clients' addresses from. */
    public static final String CLIENT_HEADER = "X-Test-Client";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private static final Pattern FORM_TOKEN = Pattern.compile("name=\"form_token\" value=\"([^\"]+)\"");

    private final String client;

    private Pages(String client) {
        this.client = client;
    }

    /** A new client, with an address of its own. */
    public static Pages client() {
        return new Pages("client-" + UUID.randomUUID());
    }

    public String address() {
        return client;
    }

    /** An answer: status, headers (Location of a redirect, else null) and the HTML. */
    public record Page(int status, String contentType, String retryAfter, String html, String location) {

        /** The CSRF token written into the page's form. */
        public String formToken() {
            Matcher matcher = FORM_TOKEN.matcher(html);
            if (!matcher.find()) {
                throw new AssertionError("the page has no form token:\n" + html);
            }
            return matcher.group(1);
        }
    }

    public Page get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET());
    }

    /** POSTs the fields form-encoded, in the given order. */
    public Page post(String url, Map<String, String> fields) {
        return post(url, fields, Map.of());
    }

    public Page post(String url, Map<String, String> fields, Map<String, String> headers) {
        String form = fields.entrySet().stream().map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        headers.forEach(request::header);
        return send(request);
    }

    /** Fields in order (a LinkedHashMap), from alternating names and values. */
    public static Map<String, String> fields(String... namesAndValues) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    private Page send(HttpRequest.Builder request) {
        request.header(CLIENT_HEADER, client).header("User-Agent", "conformance-tests/" + client).timeout(Duration.ofSeconds(10));
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Page(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
                    response.headers().firstValue("Retry-After").orElse(null), response.body(),
                    response.headers().firstValue("Location").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
