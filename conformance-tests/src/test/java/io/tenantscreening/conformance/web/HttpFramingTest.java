package io.tenantscreening.conformance.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.conformance.support.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * openapi.yaml#connections-and-framing: a request whose length could be read in two ways,
 * or that is not valid HTTP/1.1, is answered 400 malformed_request in the error envelope
 * and its connection is closed, so that bytes sent after it are never read as another
 * request; an HTTP version other than 1.x is 505; Expect: 100-continue with a body over the
 * limit is 413 at once. Each case is sent over a raw socket, followed by a second request
 * that must never be answered.
 */
class HttpFramingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Sent after each malformed request on the same connection: a request smuggled behind it. */
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length: *(\\d+)");
    private static final String SMUGGLED = "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n";

    static Stream<Arguments> malformed() {
        String post = "POST /properties HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";
        return Stream.of(
                Arguments.of("Content-Length with Transfer-Encoding: chunked",
                        post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
                Arguments.of("Transfer-Encoding: chunked, identity", post + "Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n"),
                Arguments.of("two Transfer-Encoding headers",
                        post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n"),
                Arguments.of("an unknown coding with Content-Length", post + "Transfer-Encoding: xchunked\r\nContent-Length: 2\r\n\r\n{}"),
                Arguments.of("an unknown coding alone", post + "Transfer-Encoding: xchunked\r\n\r\n{}"),
                Arguments.of("a chunk size that is not hexadecimal", post + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
                Arguments.of("Transfer-Encoding in HTTP/1.0",
                        "POST /properties HTTP/1.0\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
                Arguments.of("two Content-Length headers", "GET /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n"),
                Arguments.of("a Content-Length that is not a number", post + "Content-Length: +2\r\n\r\n{}"),
                Arguments.of("a bare CR in a header", "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Note: a\rb\r\n\r\n"),
                Arguments.of("a NUL in a header", "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Note: a\0b\r\n\r\n"),
                Arguments.of("a method that is not a token", "G(T /health HTTP/1.1\r\nHost: localhost\r\n\r\n"),
                Arguments.of("a request line without a version", "GET /health\r\nHost: localhost\r\n\r\n"),
                Arguments.of("white space before a header's colon", "GET /health HTTP/1.1\r\nHost : localhost\r\n\r\n"),
                Arguments.of("an HTTP/1.1 request without Host", "GET /health HTTP/1.1\r\n\r\n"),
                Arguments.of("an HTTP/1.1 request with two Host headers", "GET /health HTTP/1.1\r\nHost: localhost\r\nHost: other\r\n\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void aRequestThatCannotBeFramedIsRefusedAndItsConnectionClosed(String what, String request) throws Exception {
        Exchange exchange = exchange(request + SMUGGLED);

        assertThat(exchange.statuses()).as("one answer, to %s; the request behind it is never read", what).containsExactly(400);
        assertRefusal(exchange, "malformed_request");
    }

    @Test
    void aVersionOtherThanHttp1IsRefusedAs505() throws Exception {
        Exchange exchange = exchange("GET /health HTTP/2.0\r\nHost: localhost\r\n\r\n" + SMUGGLED);

        assertThat(exchange.statuses()).containsExactly(505);
        assertRefusal(exchange, "http_version_not_supported");
    }

    @Test
    void aLaterMinorVersionOfHttp1IsServedAsHttp11() throws Exception {
        Exchange exchange = exchange("GET /health HTTP/1.2\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(exchange.statuses()).containsExactly(200);
        assertThat(exchange.text()).startsWith("HTTP/1.1 200");
    }

    @Test
    void aBodyAnnouncedOverTheLimitWithExpectContinueIsRefusedAtOnce() throws Exception {
        Exchange exchange = exchange("POST /properties HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 10000000\r\nExpect: 100-continue\r\n\r\n");

        assertThat(exchange.text()).as("no 100 Continue before the refusal").doesNotContain("100 Continue");
        assertThat(exchange.statuses()).containsExactly(413);
        assertRefusal(exchange, "payload_too_large");
    }

    @Test
    void wellFramedChunkedRequestsAreServedOnOneConnection() throws Exception {
        String chunked = "POST /properties HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n";
        Exchange exchange = exchange(chunked + "\r\n2\r\n{}\r\n0\r\n\r\n"
                + chunked + "Expect: 100-continue\r\nConnection: close\r\n\r\n1\r\n{\r\n1\r\n}\r\n0\r\n\r\n");

        assertThat(exchange.statuses()).as("both read whole (401: no API key), the second after its 100 Continue")
                .containsExactly(401, 100, 401);
    }

    @Test
    void requestsBeforeARefusedOneAreAnsweredFirst() throws Exception {
        Exchange exchange = exchange("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n" + SMUGGLED);

        assertThat(exchange.statuses()).containsExactly(200, 400);
        assertThat(exchange.text()).contains("\"code\":\"malformed_request\"");
    }

    private static void assertRefusal(Exchange exchange, String code) throws IOException {
        String text = exchange.text();
        String head = text.substring(0, text.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT);
        assertThat(head).contains("connection: close", "content-type: application/json", "request-id: rq_",
                "service-tenant-version: ", "x-content-type-options: nosniff", "cache-control: no-store");
        JsonNode body = JSON.readTree(text.substring(text.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("errors")).hasSize(1);
        assertThat(body.get("errors").get(0).get("code").asText()).isEqualTo(code);
        assertThat(body.get("errors").get(0).get("detail").asText()).isNotBlank();
        assertThat(exchange.closed()).as("the service closed the connection").isTrue();
    }

    /** What the service answered to these bytes, read until it closed the connection or was silent for 10 s. */
    private record Exchange(String text, boolean closed) {

        /** The status of each answer, in order: answers are read by their Content-Length (none for 1xx). */
        List<Integer> statuses() {
            List<Integer> statuses = new ArrayList<>();
            int at = 0;
            while (at < text.length()) {
                assertThat(text.startsWith("HTTP/1.1 ", at)).as("an answer starts at byte %d of %s", at, text).isTrue();
                int status = Integer.parseInt(text.substring(at + 9, at + 12));
                int headEnd = text.indexOf("\r\n\r\n", at) + 4;
                Matcher length = CONTENT_LENGTH.matcher(text.substring(at, headEnd));
                int bodyLength = status < 200 ? 0 : length.find() ? Integer.parseInt(length.group(1)) : text.length() - headEnd;
                statuses.add(status);
                at = headEnd + bodyLength;
            }
            return statuses;
        }
    }

    private static Exchange exchange(String request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", TestServer.get().getPort()), 5_000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    read.write(buffer, 0, n);
                }
                return new Exchange(read.toString(StandardCharsets.ISO_8859_1), true);
            } catch (SocketTimeoutException silent) {
                if (read.size() == 0) {
                    fail("no answer within 10 s");
                }
                return new Exchange(read.toString(StandardCharsets.ISO_8859_1), false);
            }
        }
    }
}
