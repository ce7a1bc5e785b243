package io.tenantscreening.conformance.web;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.PropertyRequests;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#compression: answers are compressed only in codings every HTTP client
 * decodes (gzip, deflate), chosen by Accept-Encoding as RFC 9110 (section 12.5.3) says, and
 * every answer that could be compressed carries {@code Vary: Accept-Encoding}. The answers are
 * read raw ({@link Api} sends no Accept-Encoding of its own and decodes a compressed body only
 * to check it against the contract), so their Content-Encoding is the service's own. Ten
 * properties make the list page larger than the compression threshold (1 KiB).
 */
@ExtendWith(FreshTenants.class)
class CompressionTest {

    @Fresh
    private String key;

    private JsonNode uncompressed;

    @BeforeEach
    void aListPageWorthCompressing() {
        PropertyRequests.createProperties(key, 10);
        ApiResponse plain = list(null);
        assertThat(plain.bytes()).hasSizeGreaterThan(1024);
        uncompressed = plain.json();
    }

    @Test
    void anyCodingGetsGzip() {
        // "*" means any coding the service offers (gzip first), never snappy, zstd or br
        // (docs/integrators.md#compression).
        assertAnsweredIn("*", "gzip");
    }

    @Test
    void gzipRefusedAndAnyOtherCodingGetsDeflate() {
        // q=0 refuses gzip; "*" then means the other offered coding, deflate (never snappy)
        // (docs/integrators.md#compression).
        assertAnsweredIn("gzip;q=0, *", "deflate");
    }

    @Test
    void gzipGetsGzip() {
        // A listed coding the service offers is used (docs/integrators.md#compression).
        assertAnsweredIn("gzip", "gzip");
    }

    @Test
    void deflateGetsDeflate() {
        // deflate is offered too (zlib format, RFC 9110 section 8.4.1.2; docs/integrators.md#compression).
        assertAnsweredIn("deflate", "deflate");
    }

    @ParameterizedTest(name = "Accept-Encoding: {0} gets an uncompressed answer")
    @ValueSource(strings = {"snappy", "zstd", "br"})
    void codingsNotOfferedGetIdentity(String coding) {
        // Only gzip and deflate are offered (no brotli library is on the classpath); a request that
        // accepts nothing else gets no content coding (docs/integrators.md#compression).
        assertAnsweredIn(coding, null);
    }

    @Test
    void identityGetsIdentity() {
        // identity asks for no content coding (docs/integrators.md#compression).
        assertAnsweredIn("identity", null);
    }

    @Test
    void noAcceptEncodingGetsIdentity() {
        // Without Accept-Encoding any coding would do (RFC 9110); the service sends none
        // (docs/integrators.md#compression).
        assertAnsweredIn(null, null);
    }

    @ParameterizedTest(name = "Accept-Encoding: {0} gets {1}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
            "gzip;q=0.5, deflate       | deflate",
            "deflate, gzip             | gzip",
            "deflate;q=0.8, *;q=0.8    | gzip",
            "gzip;q=0.5, identity      | none",
            "gzip;q=0.5, deflate;q=0.5, * | none",
            "identity;q=0, *;q=0       | none",
            "''                        | none",
            "GZIP                      | gzip",
            "x-gzip                    | gzip",
            "gzip;q=1.5, deflate;q=0.1 | deflate",
            "gzip;q=nonsense           | none",
            "gzip;level=9;q=0.9        | gzip",
            ",,;q=1, gzip ;q=0.001     | gzip"
    })
    void weightsChooseTheCoding(String acceptEncoding, String coding) {
        // docs/integrators.md#compression, as RFC 9110 section 12.5.3 says: the highest non-zero weight
        // wins (gzip, then deflate, then no coding on ties); codings are case-insensitive, x-gzip is
        // gzip; a weight that cannot be read refuses its coding; when nothing is acceptable the
        // answer has no content coding (never an error).
        assertAnsweredIn(acceptEncoding, coding);
    }

    @Test
    void compressedAndUncompressedAnswersBothVaryByAcceptEncoding() {
        // Caches must not hand a compressed answer to a client that did not ask for it, nor the
        // reverse: every answer that could be compressed says Vary: Accept-Encoding
        // (docs/integrators.md#compression).
        for (String acceptEncoding : new String[] {"gzip", "deflate", "identity", "br", null}) {
            assertThat(vary(list(acceptEncoding))).as("Vary for Accept-Encoding %s", acceptEncoding).contains("accept-encoding");
        }
    }

    @Test
    void shortAndErrorAnswersVaryByAcceptEncodingToo() {
        // Whether an answer is compressed depends on Accept-Encoding even when this one was too
        // short to be; error answers are JSON like any other (docs/integrators.md#compression).
        ApiResponse shortPage = Api.get("/orders?per_page=1").key(key).header("Accept-Encoding", "gzip").send();
        ApiResponse notFound = Api.get("/properties/pr_test_000000000000000000000000").key(key).header("Accept-Encoding", "gzip").send();

        assertThat(shortPage.header("Content-Encoding")).isNull();
        assertThat(vary(shortPage)).contains("accept-encoding");
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(vary(notFound)).contains("accept-encoding");
    }

    private void assertAnsweredIn(String acceptEncoding, String coding) {
        ApiResponse response = list(acceptEncoding);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Encoding")).as("Content-Encoding for Accept-Encoding %s", acceptEncoding).isEqualTo(coding);
        assertThat(vary(response)).contains("accept-encoding");
        assertThat(response.json()).isEqualTo(uncompressed);
        if (coding != null) {
            assertThat(response.bytes()).hasSizeLessThan(response.body().length());
        }
    }

    private ApiResponse list(String acceptEncoding) {
        Api.Call call = Api.get("/properties").key(key);
        if (acceptEncoding != null) {
            call.header("Accept-Encoding", acceptEncoding);
        }
        return call.send();
    }

    /** Every Vary field line, joined and lower-cased. */
    private static String vary(ApiResponse response) {
        return response.headers().entrySet().stream()
                .filter(header -> header.getKey().equalsIgnoreCase("Vary"))
                .map(Map.Entry::getValue)
                .flatMap(List::stream)
                .reduce((a, b) -> a + ", " + b)
                .orElse("")
                .toLowerCase(Locale.ROOT);
    }
}
