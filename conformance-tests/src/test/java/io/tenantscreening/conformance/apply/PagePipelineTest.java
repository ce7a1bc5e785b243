package io.tenantscreening.conformance.apply;

import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.TestServer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md#the-applicants-pages and openapi.yaml#apply-flow (the apply flow uses the
 * tokenized application_url, not the API key): pages under /apply have their own pipeline:
 * no API key, errors as HTML pages rather than the JSON envelope, headers that keep the
 * link's token from leaking, and access log lines without the token (docs/operators.md#logs).
 * The API itself still needs its key (openapi.yaml#authentication).
 */
class PagePipelineTest {

    private static final String TOKEN = "q8Zr2Lk5Vb9Nc3Xm7Ht1Gf6Jd4Sa0PwUe3Yi_Ko9Bn";

    /**
     * docs/design.md#the-applicants-pages: no key, errors as HTML pages, Cache-Control no-store,
     * Referrer-Policy no-referrer, a strict Content-Security-Policy, and /apply/[redacted] in the
     * access log.
     */
    @Test
    void aPageNeedsNoKeyAndAnswersItsErrorsInHtmlWithoutLeakingTheToken() {
        RawHttp.Response response;
        try (CapturedLogs access = CapturedLogs.of("access")) {
            response = RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", "/apply/" + TOKEN, Map.of(), null),
                    Duration.ofSeconds(10));

            assertThat(access.lines()).anyMatch(line -> line.contains("path=/apply/[redacted]"))
                    .noneMatch(line -> line.contains(TOKEN));
        }

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.header("Content-Type")).startsWith("text/html");
        assertThat(response.body()).contains("<!DOCTYPE html>", "This page does not exist", response.header("Request-Id"))
                .doesNotContain("errors", TOKEN);
        assertThat(response.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(response.header("Cache-Control")).isEqualTo("no-store");
        assertThat(response.header("Content-Security-Policy")).contains("frame-ancestors 'none'");
    }

    /** openapi.yaml#authentication: every API request without a key is 401 authorization_error. */
    @Test
    void theApiStillNeedsItsKey() {
        RawHttp.Response response = RawHttp.send(TestServer.get().getPort(),
                new RawHttp.Request("GET", "/applications", Map.of(), null), Duration.ofSeconds(10));

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.body()).contains("authorization_error");
    }
}
