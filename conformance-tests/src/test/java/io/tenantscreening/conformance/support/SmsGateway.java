package io.tenantscreening.conformance.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static io.tenantscreening.conformance.support.Waits.await;

/**
 * A stand-in for Twilio's Messages API on a free loopback port, which the service under
 * test is configured to send text messages to: it records every request (path,
 * Authorization header, form fields) and answers 201, or 500 for a number a test asked to
 * fail a number of times.
 */
public final class SmsGateway {

    public static final String ACCOUNT_SID = "AC_test_account";
    public static final String AUTH_TOKEN = "test-auth-token";
    public static final String FROM = "+15125550100";

    private static HttpServer server;
    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static final Map<String, AtomicInteger> FAILURES = new ConcurrentHashMap<>();

    private SmsGateway() {
    }

    /** One request the gateway answered: with what status, and what it carried. */
    public record Received(String path, String authorization, Map<String, String> form, int status) {
    }

    static synchronized String start() {
        if (server == null) {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server.createContext("/", exchange -> {
                Map<String, String> form = parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                AtomicInteger failures = FAILURES.get(form.get("To"));
                int status = failures != null && failures.getAndDecrement() > 0 ? 500 : 201;
                RECEIVED.add(new Received(exchange.getRequestURI().getPath(), exchange.getRequestHeaders().getFirst("Authorization"),
                        form, status));
                byte[] answer = (status == 201 ? "{\"sid\":\"SM1\",\"status\":\"queued\"}"
                        : "{\"code\":20500,\"message\":\"Internal error for " + form.get("To") + "\"}").getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, answer.length);
                exchange.getResponseBody().write(answer);
                exchange.close();
            });
            server.start();
        }
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The environment of a service process that sends its text messages here (SMS_SENDER=twilio). */
    public static Map<String, String> serviceEnvironment() {
        return Map.of("SMS_SENDER", "twilio", "TWILIO_BASE_URL", start(), "TWILIO_ACCOUNT_SID", ACCOUNT_SID,
                "TWILIO_AUTH_TOKEN", AUTH_TOKEN, "TWILIO_FROM", FROM);
    }

    /** The next {@code times} messages to this number are answered 500. */
    public static void failNext(String phoneNumber, int times) {
        FAILURES.put(phoneNumber, new AtomicInteger(times));
    }

    /** The requests for this number so far, failed ones included. */
    public static List<Received> to(String phoneNumber) {
        return new ArrayList<>(RECEIVED.stream().filter(received -> phoneNumber.equals(received.form().get("To"))).toList());
    }

    /** Waits until this number has had {@code count} messages accepted (or fails), then returns every request for it. */
    public static List<Received> awaitAccepted(String phoneNumber, int count) {
        return await(phoneNumber + " had " + count + " text message(s) accepted").until(() -> to(phoneNumber),
                requests -> requests.stream().filter(received -> received.status() == 201).count() >= count);
    }

    private static Map<String, String> parse(String form) {
        return Arrays.stream(form.split("&")).filter(pair -> !pair.isEmpty()).map(pair -> pair.split("=", 2))
                .collect(Collectors.toMap(pair -> URLDecoder.decode(pair[0], StandardCharsets.UTF_8),
                        pair -> pair.length > 1 ? URLDecoder.decode(pair[1], StandardCharsets.UTF_8) : "",
                        (a, b) -> b, LinkedHashMap::new));
    }
}
