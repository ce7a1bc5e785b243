package io.tenantscreening.conformance.web;

import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.ServiceProcess;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * docs/operators.md#connections-and-timeouts: an instance keeps at most HTTP_MAX_CONNECTIONS
 * connections open; one over the cap takes the place of the oldest connection with no
 * request in progress, so clients that send half a request cannot keep others out, and a
 * connection with a request in progress is never closed for a newcomer. A request head
 * must arrive within HTTP_HEADER_TIMEOUT of its first byte (then 408 request_timeout, see
 * openapi.yaml#connections-and-framing); a connection idle for HTTP_IDLE_TIMEOUT is closed.
 */
@StartsServiceProcesses
class ConnectionLimitsTest {

    private static final int CAP = 16;
    private static final String HALF_A_HEAD = "GET /health HTTP/1.1\r\nHost: localhost\r\n";

    @Test
    void connectionsWithoutARequestInProgressMakeRoomAndTheOthersAreKept() throws Exception {
        Map<String, String> environment = environment(Map.of("HTTP_MAX_CONNECTIONS", String.valueOf(CAP),
                "HTTP_HEADER_TIMEOUT", "120s", "HTTP_IDLE_TIMEOUT", "120s"));
        String key = JarProcess.issueTestKey(environment, "Connections").secret();
        try (ServiceProcess service = ServiceProcess.start(environment)) {
            SocketChannel inProgress = requestInProgress(service, key);
            List<SocketChannel> flood = new ArrayList<>();
            for (int i = 0; i < 3 * CAP; i++) {
                flood.add(open(service, HALF_A_HEAD));
            }

            for (int i = 0; i < 5; i++) {
                assertThat(statusOf(service, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))
                        .as("a whole request on a new connection, with %d half-sent ones open: %s", flood.size(), service.process().stdout()).isEqualTo(200);
            }
            int closed = awaitClosedByTheService(flood, 3 * CAP - CAP + 1);
            assertThat(flood.size() - closed).as("half-sent connections still open").isLessThan(CAP);
            assertThat(finish(inProgress)).as("the request in progress through the flood").startsWith("HTTP/1.1 422 ");
            inProgress.close();
            for (SocketChannel channel : flood) {
                channel.close();
            }

            List<SocketChannel> busy = new ArrayList<>();
            for (int i = 0; i < CAP; i++) {
                busy.add(requestInProgress(service, key));
            }
            SocketChannel newcomer = open(service, "");
            assertThat(awaitClosedByTheService(List.of(newcomer), 1)).as("a newcomer when every connection has a request in progress")
                    .isEqualTo(1);
            for (SocketChannel channel : busy) {
                assertThat(finish(channel)).as("a request in progress when the newcomer came").startsWith("HTTP/1.1 422 ");
                channel.close();
            }
        }
    }

    @Test
    void aHeadThatDoesNotArriveIsAnswered408AndAnIdleConnectionIsClosed() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(environment(Map.of("HTTP_HEADER_TIMEOUT", "1s", "HTTP_IDLE_TIMEOUT", "2s")))) {
            String timedOut = readUntilClosed(service, HALF_A_HEAD);
            assertThat(timedOut).startsWith("HTTP/1.1 408 ");
            assertThat(timedOut.toLowerCase()).contains("connection: close", "request-id: rq_");
            assertThat(timedOut).contains("{\"errors\":[{\"code\":\"request_timeout\",\"detail\":\"");

            assertThat(readUntilClosed(service, "")).as("a connection that never sends a byte is closed, unanswered").isEmpty();

            String answeredThenIdle = readUntilClosed(service, "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertThat(answeredThenIdle).as("one answer, then the idle connection is closed").startsWith("HTTP/1.1 200 ")
                    .containsOnlyOnce("HTTP/1.1 ");
        }
    }

    private static Map<String, String> environment(Map<String, String> settings) {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.putAll(settings);
        return environment;
    }

    private static SocketChannel open(ServiceProcess service, String bytes) throws IOException {
        SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", service.port()));
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.write(ByteBuffer.wrap(bytes.getBytes(StandardCharsets.US_ASCII)));
        return channel;
    }

    /**
     * A connection whose request is in progress: its head is sent with Expect: 100-continue,
     * and the service has answered 100 Continue (it has read the head and waits for the
     * body), which is left to send.
     */
    private static SocketChannel requestInProgress(ServiceProcess service, String key) throws IOException {
        SocketChannel channel = open(service, "POST /properties HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + key
                + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n");
        assertThat(answerOn(channel)).as("the head read").startsWith("HTTP/1.1 100 ");
        return channel;
    }

    /** Sends the body of a request in progress; the beginning of its answer. */
    private static String finish(SocketChannel channel) throws IOException {
        channel.write(ByteBuffer.wrap("{}".getBytes(StandardCharsets.US_ASCII)));
        return answerOn(channel);
    }

    /**
     * Waits (at most 30 s) until the service has closed at least {@code atLeast} of these
     * connections without answering on them; how many it closed. The connections are left
     * blocking, as they came.
     */
    private static int awaitClosedByTheService(List<SocketChannel> channels, int atLeast) throws IOException {
        List<SocketChannel> closed = new ArrayList<>();
        try (Selector selector = Selector.open()) {
            for (SocketChannel channel : channels) {
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ, channel);
            }
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (closed.size() < atLeast && System.nanoTime() < deadline) {
                selector.select(1_000);
                for (SelectionKey key : selector.selectedKeys()) {
                    SocketChannel channel = (SocketChannel) key.attachment();
                    int read = channel.read(ByteBuffer.allocate(256));
                    assertThat(read).as("the service answers nothing on a connection it closes for another").isLessThanOrEqualTo(0);
                    if (read < 0) {
                        key.cancel();
                        closed.add(channel);
                    }
                }
                selector.selectedKeys().clear();
            }
        }
        for (SocketChannel channel : channels) {
            channel.configureBlocking(true);
        }
        if (closed.size() < atLeast) {
            fail("the service closed " + closed.size() + " of " + channels.size() + " connections in 30 s, not at least " + atLeast);
        }
        return closed.size();
    }

    /** What the service sends next on this connection (what one read returns, at most 10 s). */
    private static String answerOn(SocketChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(1024);
        channel.socket().setSoTimeout(10_000);
        int read = channel.socket().getInputStream().read(buffer.array());
        return read < 0 ? "" : new String(buffer.array(), 0, read, StandardCharsets.ISO_8859_1);
    }

    private static int statusOf(ServiceProcess service, String request) throws IOException {
        String answer = readUntilClosed(service, request);
        return answer.length() < 12 ? -1 : Integer.parseInt(answer.substring(9, 12));
    }

    /** Sends these bytes on a new connection and reads until the service closes it (at most 20 s). */
    private static String readUntilClosed(ServiceProcess service, String bytes) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", service.port()), 5_000);
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(bytes.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            try {
                in.transferTo(read);
            } catch (SocketTimeoutException e) {
                fail("the service kept the connection open for 20 s; it sent: " + read.toString(StandardCharsets.ISO_8859_1));
            }
            return read.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
