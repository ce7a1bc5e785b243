package io.tenantscreening.conformance.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1.1 client over a plain socket that sends exactly the bytes it is given, for
 * requests no well-behaved client library would send (any method, any header bytes, any
 * body) and for measuring how long the service takes to answer them. One request per
 * connection.
 */
public final class RawHttp {

    private RawHttp() {
    }

    /** A request: method, request target (path and query), headers and body. */
    public record Request(String method, String target, Map<String, String> headers, byte[] body) {

        public byte[] toBytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            StringBuilder head = new StringBuilder();
            head.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
            head.append("Host: localhost\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
            if (body != null) {
                out.writeBytes(body);
            }
            return out.toByteArray();
        }

        /** The request as a person would read it in a failure message, its body clipped. */
        public String describe() {
            String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
            String clippedTarget = target.length() > 300 ? target.substring(0, 300) + "…" : target;
            return method + " " + clippedTarget + " " + headers.keySet() + " body(" + (body == null ? 0 : body.length) + " bytes): "
                    + (text.length() > 300 ? text.substring(0, 300) + "…" : text);
        }
    }

    /** An answer, and how long it took from the first byte sent to the last byte read. */
    public record Response(int status, Map<String, List<String>> headers, String body, Duration elapsed) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.get(0);
        }
    }

    public static Response send(int port, Request request, Duration timeout) {
        long started = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request.toBytes());
                out.flush();
            } catch (IOException e) {
                // The service may answer and close before reading everything (431, 413); its answer is still there.
            }
            return read(socket.getInputStream(), started);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no answer within " + timeout.toMillis() + " ms to " + request.describe(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response read(InputStream in, long started) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("the connection closed before a complete answer: " + head);
            }
            head.write(b);
            if (b == '\r') {
                matched = matched == 2 ? 3 : 1;
            } else if (b == '\n') {
                matched = matched == 1 ? 2 : matched == 3 ? 4 : 0;
            } else {
                matched = 0;
            }
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).trim().split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        byte[] body;
        List<String> length = headers.get("content-length");
        if (length != null) {
            body = in.readNBytes(Integer.parseInt(length.get(0)));
        } else if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", List.of("")).get(0))) {
            body = unchunk(in);
        } else {
            body = in.readAllBytes();
        }
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8), Duration.ofNanos(System.nanoTime() - started));
    }

    private static byte[] unchunk(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            int size = Integer.parseInt(line(in).trim(), 16);
            if (size == 0) {
                line(in);
                return out.toByteArray();
            }
            out.writeBytes(in.readNBytes(size));
            line(in);
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
