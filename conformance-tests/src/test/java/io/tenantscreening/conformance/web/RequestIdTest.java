package io.tenantscreening.conformance.web;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CapturedLogs;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every response has a Request-Id that the logs carry too (openapi.yaml#errors), and the
 * access log line cannot be forged by a request (docs/operators.md#logs).
 */
class RequestIdTest {

    @Test
    void everyResponseHasItsOwnRequestIdThatTheAccessLogRepeats() {
        try (CapturedLogs logs = CapturedLogs.of("access")) {
            ApiResponse ok = Api.get("/openapi.yaml").send();
            ApiResponse error = Api.get("/properties").send();

            assertThat(ok.header("Request-Id")).matches("rq_[0-9A-Za-z]{22}");
            assertThat(error.header("Request-Id")).matches("rq_[0-9A-Za-z]{22}").isNotEqualTo(ok.header("Request-Id"));
            assertThat(logs.lines()).anyMatch(line -> line.contains("request_id=" + ok.header("Request-Id")) && line.contains("status=200"));
            assertThat(logs.lines()).anyMatch(line -> line.contains("request_id=" + error.header("Request-Id")) && line.contains("status=401"));
        }
    }

    @Test
    void theAccessLogWritesThePathAsSentSoItCannotForgeLines() {
        try (CapturedLogs logs = CapturedLogs.of("access")) {
            ApiResponse response = Api.get("/orders/x%0Astatus=200%20forged").key(TestTenant.create().testKey()).send();

            response.assertError(404, "not_found_error");
            assertThat(logs.lines()).anyMatch(line -> line.contains("request_id=" + response.header("Request-Id"))
                    && line.contains("path=/orders/x%0Astatus=200%20forged"));
            assertThat(logs.lines()).noneMatch(line -> line.contains("\n"));
        }
    }
}
