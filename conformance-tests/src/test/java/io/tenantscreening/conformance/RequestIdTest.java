package io.tenantscreening.conformance;

import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.CapturedLogs;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Decisions, Errors beyond the table: every response has a Request-Id that the logs carry too. */
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
}
