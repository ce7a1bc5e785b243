package io.tenantscreening.conformance.support;

import com.sun.net.httpserver.HttpServer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * A stand-in for the two calls of Stripe's API the service makes, on a free loopback port
 * (the service's STRIPE_API_BASE points here): {@code POST /v1/checkout/sessions} answers a
 * Checkout Session in Stripe's JSON shape, {@code POST /v1/refunds} a succeeded Refund.
 * It records every request (path, Authorization and Idempotency-Key headers, form fields),
 * and signs webhook events as Stripe does ({@code Stripe-Signature: t=…,v1=…}, HMAC-SHA256
 * with the endpoint's secret over {@code t.body}). It is not Stripe: it checks nothing of
 * what it is sent, and its sessions are never paid unless a test sends the event.
 */
public final class StripeApi {

    public static final String SECRET_KEY = "sk_test_standin_" + UUID.randomUUID().toString().replace("-", "");
    public static final String WEBHOOK_SECRET = "whsec_standin_" + UUID.randomUUID().toString().replace("-", "");

    private static HttpServer server;
    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static final Map<String, Queue<ScriptedAnswer>> REFUND_ANSWERS = new ConcurrentHashMap<>();

    private StripeApi() {
    }

    /** One request the stand-in answered. */
    public record Received(String method, String path, String authorization, String idempotencyKey, Map<String, String> form) {
    }

    public static synchronized String start() {
        if (server == null) {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server.createContext("/", exchange -> {
                Map<String, String> form = parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                String path = exchange.getRequestURI().getPath();
                RECEIVED.add(new Received(exchange.getRequestMethod(), path, exchange.getRequestHeaders().getFirst("Authorization"),
                        exchange.getRequestHeaders().getFirst("Idempotency-Key"), form));
                ScriptedAnswer scripted = path.equals("/v1/refunds") ? nextRefundAnswer(form.get("payment_intent")) : null;
                if (scripted != null) {
                    send(exchange, scripted.status(), scripted.body());
                    return;
                }
                int status = 200;
                String answer;
                if (path.equals("/v1/checkout/sessions")) {
                    answer = session("cs_test_" + UUID.randomUUID().toString().replace("-", ""), form, "open", "unpaid", null);
                } else if (path.equals("/v1/refunds")) {
                    answer = "{\"id\":\"re_" + UUID.randomUUID().toString().replace("-", "") + "\",\"object\":\"refund\","
                            + "\"status\":\"succeeded\",\"payment_intent\":\"" + form.get("payment_intent") + "\"}";
                } else {
                    status = 404;
                    answer = "{\"error\":{\"type\":\"invalid_request_error\",\"message\":\"Unrecognized request URL\"}}";
                }
                byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.getResponseHeaders().set("Request-Id", "req_standin");
                exchange.sendResponseHeaders(status, bytes.length);
                exchange.getResponseBody().write(bytes);
                exchange.close();
            });
            server.start();
        }
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** An answer a test scripted: its HTTP status and JSON body. */
    public record ScriptedAnswer(int status, String body) {
    }

    /**
     * The next answers to {@code POST /v1/refunds} of this PaymentIntent, one per request in
     * this order; once they are used up it answers a succeeded Refund again.
     */
    public static void scriptRefunds(String paymentIntent, ScriptedAnswer... answers) {
        REFUND_ANSWERS.computeIfAbsent(paymentIntent, key -> new ConcurrentLinkedQueue<>()).addAll(List.of(answers));
    }

    /**
     * An error answer in Stripe's shape ({@code {"error":{"code","doc_url","message","param",
     * "request_log_url","type"}}}), {@code param} left out when null as Stripe leaves it out:
     * for example 400 {@code invalid_request_error} {@code charge_already_refunded} or {@code
     * charge_disputed}.
     */
    public static ScriptedAnswer error(int status, String type, String code, String message, String param) {
        String requestId = "req_" + UUID.randomUUID().toString().replace("-", "").substring(0, 14);
        return new ScriptedAnswer(status, "{\"error\":{\"code\":\"" + code + "\",\"doc_url\":\"https://stripe.com/docs/error-codes/"
                + code.replace('_', '-') + "\",\"message\":\"" + message + "\","
                + (param == null ? "" : "\"param\":\"" + param + "\",")
                + "\"request_log_url\":\"https://dashboard.stripe.com/test/logs/" + requestId + "?t=" + System.currentTimeMillis() / 1000
                + "\",\"type\":\"" + type + "\"}}");
    }

    /** Stripe's 400 when the charge was refunded in full before (in the Dashboard, say). */
    public static ScriptedAnswer chargeAlreadyRefunded() {
        return error(400, "invalid_request_error", "charge_already_refunded", "Charge ch_standin has already been refunded.", null);
    }

    /** Stripe's 400 when the charge is disputed (charged back): it cannot be refunded. */
    public static ScriptedAnswer chargeDisputed() {
        return error(400, "invalid_request_error", "charge_disputed",
                "Charge ch_standin has been charged back; cannot issue a refund.", null);
    }

    /** Stripe's 429 rate limit. */
    public static ScriptedAnswer rateLimited() {
        return error(429, "invalid_request_error", "rate_limit",
                "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.", null);
    }

    /** Stripe's 500, an error on its side. */
    public static ScriptedAnswer serverError() {
        return new ScriptedAnswer(500, "{\"error\":{\"message\":\"An unknown error occurred\",\"type\":\"api_error\"}}");
    }

    /** A Refund that failed after Stripe accepted it, as a refund.failed or refund.updated event carries it. */
    public static String failedRefund(String id, String paymentIntent, long amount, String failureReason) {
        return "{\"id\":\"" + id + "\",\"object\":\"refund\",\"amount\":" + amount + ",\"balance_transaction\":\"txn_standin\","
                + "\"charge\":\"ch_standin\",\"created\":" + System.currentTimeMillis() / 1000 + ",\"currency\":\"usd\","
                + "\"destination_details\":null,\"failure_balance_transaction\":\"txn_standin_failure\",\"failure_reason\":\""
                + failureReason + "\",\"metadata\":{},\"payment_intent\":\"" + paymentIntent + "\",\"reason\":null,"
                + "\"receipt_number\":null,\"source_transfer_reversal\":null,\"status\":\"failed\",\"transfer_reversal\":null}";
    }

    private static ScriptedAnswer nextRefundAnswer(String paymentIntent) {
        Queue<ScriptedAnswer> answers = paymentIntent == null ? null : REFUND_ANSWERS.get(paymentIntent);
        return answers == null ? null : answers.poll();
    }

    private static void send(com.sun.net.httpserver.HttpExchange exchange, int status, String answer) throws IOException {
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Request-Id", "req_standin");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    /** The requests to this path so far. */
    public static List<Received> requests(String path) {
        return new ArrayList<>(RECEIVED.stream().filter(received -> received.path().equals(path)).toList());
    }

    /** A Checkout Session object as Stripe's API and its events carry it. */
    public static String session(String id, Map<String, String> created, String status, String paymentStatus, String paymentIntent) {
        return "{\"id\":\"" + id + "\",\"object\":\"checkout.session\",\"mode\":\"payment\",\"status\":\"" + status + "\","
                + "\"payment_status\":\"" + paymentStatus + "\",\"amount_total\":"
                + created.getOrDefault("line_items[0][price_data][unit_amount]", "0") + ",\"currency\":\""
                + created.getOrDefault("line_items[0][price_data][currency]", "usd") + "\",\"client_reference_id\":\""
                + created.get("client_reference_id") + "\",\"payment_intent\":" + (paymentIntent == null ? "null" : "\"" + paymentIntent + "\"")
                + ",\"url\":\"https://checkout.stripe.com/c/pay/" + id + "\",\"livemode\":false}";
    }

    /** A webhook event of this type about a session, as Stripe sends it. */
    public static String event(String type, String sessionJson) {
        return "{\"id\":\"evt_" + UUID.randomUUID().toString().replace("-", "") + "\",\"object\":\"event\","
                + "\"api_version\":\"2025-10-29.clover\",\"created\":" + System.currentTimeMillis() / 1000 + ",\"livemode\":false,"
                + "\"type\":\"" + type + "\",\"data\":{\"object\":" + sessionJson + "}}";
    }

    /** The Stripe-Signature header of a body signed at {@code timestamp} (unix seconds) with {@code secret}. */
    public static String signature(String body, long timestamp, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(
                    mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> parse(String form) {
        return Arrays.stream(form.split("&")).filter(pair -> !pair.isEmpty()).map(pair -> pair.split("=", 2))
                .collect(Collectors.toMap(pair -> URLDecoder.decode(pair[0], StandardCharsets.UTF_8),
                        pair -> pair.length > 1 ? URLDecoder.decode(pair[1], StandardCharsets.UTF_8) : "",
                        (a, b) -> b, LinkedHashMap::new));
    }
}
