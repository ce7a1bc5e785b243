package io.tenantscreening.conformance.meta;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.RawHttp;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#errors: every answer carries X-Content-Type-Options nosniff, and
 * Cache-Control no-store (answers hold applicants' personal data); only the reference
 * page's static files may be cached. README.md#reference-page: GET /docs loads only what
 * this service serves, and its Content-Security-Policy says so.
 */
class ResponseHeadersTest {

    @Test
    void anAnswerHoldingAnApplicantIsNeitherStoredNorSniffed() {
        String key = TestTenant.create().testKey();
        String orderId = OrderRequests.placed(key, OrderRequests.body());

        ApiResponse order = Api.get("/orders/" + orderId).key(key).send();

        assertThat(order.status()).isEqualTo(200);
        assertThat(order.header("Cache-Control")).isEqualTo("no-store");
        assertThat(order.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }

    @Test
    void errorsAndPublicDocumentsCarryTheSameHeaders() {
        ApiResponse refused = Api.get("/orders").send();
        ApiResponse contract = Api.get("/openapi.yaml").sendRaw();

        assertThat(refused.status()).isEqualTo(401);
        assertThat(contract.status()).isEqualTo(200);
        for (ApiResponse response : new ApiResponse[] {refused, contract}) {
            assertThat(response.header("Cache-Control")).isEqualTo("no-store");
            assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        }
    }

    @Test
    void theReferencePageMayLoadOnlyWhatThisServiceServes() {
        RawHttp.Response page = get("/docs");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Security-Policy"))
                .contains("default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'")
                .doesNotContain("unsafe-inline", "unsafe-eval", "*");
        assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }

    @Test
    void theReferencePagesStaticFilesAreNotSniffedAndMayBeCachedForAMinute() {
        RawHttp.Response script = get("/docs/page/reference.js");

        assertThat(script.status()).isEqualTo(200);
        assertThat(script.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(script.header("Cache-Control")).as("the static files' own caching").isEqualTo("private, max-age=60");
    }

    private static RawHttp.Response get(String path) {
        return RawHttp.send(TestServer.get().getPort(), new RawHttp.Request("GET", path, Map.of(), null), Duration.ofSeconds(10));
    }
}
