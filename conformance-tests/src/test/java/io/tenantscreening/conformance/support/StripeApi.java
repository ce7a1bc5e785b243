package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A stand-in for the calls of Stripe's API the service makes, on a free loopback port (the
 * service's STRIPE_API_BASE points here): {@code POST /v1/checkout/sessions} answers a
 * Checkout Session, {@code POST /v1/checkout/sessions/{id}/expire} expires an open one (a
 * session that is not open is Stripe's {@code 400}), {@code POST /v1/refunds} answers a
 * succeeded Refund. Every JSON it sends has Stripe's shape at the API version stripe-java
 * pins: the objects with all their fields, errors as Stripe's error object with its HTTP
 * status; {@code StripeApiShapesTest} checks them against an extract of Stripe's OpenAPI
 * description. A test scripts a refusal, an outage or an answer held back past any timeout
 * for the requests it chooses ({@link #script}). It records every request (path, Authorization and
 * Idempotency-Key headers, form fields), and signs webhook events as Stripe does
 * ({@code Stripe-Signature: t=…,v1=…}, HMAC-SHA256 with the endpoint's secret over
 * {@code t.body}). It is not Stripe: it checks nothing of what it is sent, and its sessions
 * are never paid unless a test sends the event.
 */
public final class StripeApi {

    public static final String SECRET_KEY = "sk_test_standin_" + UUID.randomUUID().toString().replace("-", "");
    public static final String WEBHOOK_SECRET = "whsec_standin_" + UUID.randomUUID().toString().replace("-", "");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXPIRE = "^/v1/checkout/sessions/([^/]+)/expire$";
    /** The longest a held answer waits for its release, so that a test that forgets to release leaves no thread behind for long. */
    private static final Duration LONGEST_HOLD = Duration.ofMinutes(2);

    private static HttpServer server;
    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static final List<Script> SCRIPTS = new CopyOnWriteArrayList<>();
    private static final Map<String, Queue<Answer>> REFUND_ANSWERS = new ConcurrentHashMap<>();
    /** The sessions created, by id: what they were created with and their status. */
    private static final Map<String, StoredSession> SESSIONS = new ConcurrentHashMap<>();

    private StripeApi() {
    }

    /** One request the stand-in answered. */
    public record Received(String method, String path, String authorization, String idempotencyKey, Map<String, String> form) {
    }

    /**
     * How to answer a request a test chose: an HTTP status and body; or Stripe's usual answer
     * held back until the test releases it (a Stripe that does not answer, past any timeout).
     */
    public record Answer(int status, String body, CountDownLatch hold) {

        /** Stripe's error object with this HTTP status ({@code 400}, {@code 402}, {@code 429}, {@code 500}). */
        public static Answer error(int status, String type, String code, String param, String message) {
            return new Answer(status, StripeApi.error(type, code, param, message), null);
        }

        /** {@code 400 invalid_request_error} with a code and the parameter it is about, as Stripe refuses a bad request. */
        public static Answer invalidRequest(String code, String param, String message) {
            return error(400, "invalid_request_error", code, param, message);
        }

        /** {@code 429}: too many requests, as Stripe's rate limiter answers. */
        public static Answer rateLimited() {
            return error(429, "invalid_request_error", "rate_limit", null,
                    "Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.");
        }

        /** {@code 500 api_error}: something went wrong on Stripe's end. */
        public static Answer serverError() {
            return error(500, "api_error", null, null, "An unknown error occurred");
        }

        /** Stripe's usual answer, held back until {@link #release()} (at most {@link #LONGEST_HOLD}). */
        public static Answer held() {
            return new Answer(0, null, new CountDownLatch(1));
        }

        /** Lets the held answers go. */
        public void release() {
            hold.countDown();
        }
    }

    private record Script(Predicate<Received> when, Answer answer) {
    }

    private record StoredSession(Map<String, String> created, String status) {
    }

    public static synchronized String start() {
        if (server == null) {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server.setExecutor(Executors.newCachedThreadPool(runnable -> {
                Thread thread = new Thread(runnable, "stripe-standin");
                thread.setDaemon(true);
                return thread;
            }));
            server.createContext("/", exchange -> {
                Map<String, String> form = parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                String path = exchange.getRequestURI().getPath();
                Received received = new Received(exchange.getRequestMethod(), path,
                        exchange.getRequestHeaders().getFirst("Authorization"),
                        exchange.getRequestHeaders().getFirst("Idempotency-Key"), form);
                RECEIVED.add(received);
                Answer answer = nextRefundAnswer(received);
                if (answer == null) {
                    answer = SCRIPTS.stream().filter(script -> script.when().test(received)).map(Script::answer).findFirst()
                            .orElse(null);
                }
                if (answer != null && answer.hold() != null) {
                    awaitRelease(answer.hold());
                }
                Answer sent = answer != null && answer.body() != null ? answer : usual(received);
                byte[] bytes = sent.body().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.getResponseHeaders().set("Request-Id", "req_standin");
                try {
                    exchange.sendResponseHeaders(sent.status(), bytes.length);
                    exchange.getResponseBody().write(bytes);
                } catch (IOException e) {
                    // The client gave up waiting for a held answer.
                } finally {
                    exchange.close();
                }
            });
            server.start();
        }
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void awaitRelease(CountDownLatch hold) {
        try {
            hold.await(LONGEST_HOLD.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Answers every later request {@code when} matches with {@code answer} instead of the
     * usual one (the first script that matches wins); tests choose requests of their own (by
     * the order's email, say), so scripts of one test do not touch another's.
     */
    public static void script(Predicate<Received> when, Answer answer) {
        SCRIPTS.add(new Script(when, answer));
    }

    /**
     * The next answers to {@code POST /v1/refunds} of this PaymentIntent, one per request in
     * this order; once they are used up, the usual succeeded Refund again.
     */
    public static void scriptRefunds(String paymentIntent, Answer... answers) {
        REFUND_ANSWERS.computeIfAbsent(paymentIntent, key -> new ConcurrentLinkedQueue<>()).addAll(List.of(answers));
    }

    /** Stripe's 400 when the charge was refunded in full before (in the Dashboard, say). */
    public static Answer chargeAlreadyRefunded() {
        return Answer.invalidRequest("charge_already_refunded", null, "Charge ch_standin has already been refunded.");
    }

    /** Stripe's 400 when the charge is disputed (charged back): it cannot be refunded. */
    public static Answer chargeDisputed() {
        return Answer.invalidRequest("charge_disputed", null, "Charge ch_standin has been charged back; cannot issue a refund.");
    }

    private static Answer nextRefundAnswer(Received received) {
        Queue<Answer> answers = received.path().equals("/v1/refunds") && received.form().get("payment_intent") != null
                ? REFUND_ANSWERS.get(received.form().get("payment_intent")) : null;
        return answers == null ? null : answers.poll();
    }

    /** A request that creates a Checkout Session for this customer email. */
    public static Predicate<Received> sessionFor(String customerEmail) {
        return received -> received.path().equals("/v1/checkout/sessions") && customerEmail.equals(received.form().get("customer_email"));
    }

    /** The usual answer: Stripe's object, or Stripe's 400 or 404. */
    private static Answer usual(Received received) {
        String path = received.path();
        if (path.equals("/v1/checkout/sessions")) {
            String id = "cs_test_" + UUID.randomUUID().toString().replace("-", "");
            SESSIONS.put(id, new StoredSession(received.form(), "open"));
            return new Answer(200, session(id, received.form(), "open", "unpaid", null), null);
        }
        if (path.matches(EXPIRE)) {
            String id = path.replaceAll(EXPIRE, "$1");
            StoredSession stored = SESSIONS.get(id);
            if (stored == null) {
                return Answer.error(404, "invalid_request_error", "resource_missing", "session",
                        "No such checkout.session: '" + id + "'");
            }
            if (!stored.status().equals("open")) {
                return Answer.invalidRequest(null, null, "Only Checkout Sessions with a status in [\"open\"] can be expired.");
            }
            SESSIONS.put(id, new StoredSession(stored.created(), "expired"));
            return new Answer(200, session(id, stored.created(), "expired", "unpaid", null), null);
        }
        if (path.equals("/v1/refunds")) {
            return new Answer(200, refund("re_" + UUID.randomUUID().toString().replace("-", ""), received.form().get("payment_intent"),
                    2500, "succeeded"), null);
        }
        return Answer.error(404, "invalid_request_error", null, null,
                "Unrecognized request URL (" + received.method() + ": " + path + ").");
    }

    /** Marks a session the stand-in created as paid or ended (as Stripe has it once the payer finished), so that expiring it is refused. */
    public static void settle(String sessionId, String status) {
        SESSIONS.computeIfPresent(sessionId, (id, stored) -> new StoredSession(stored.created(), status));
    }

    /** The status the stand-in holds for a session it created. */
    public static String status(String sessionId) {
        StoredSession stored = SESSIONS.get(sessionId);
        return stored == null ? null : stored.status();
    }

    /**
     * The environment of a service instance whose applicants pay through this stand-in
     * (PAYMENT_GATEWAY=stripe, its keys, STRIPE_API_BASE here), on the test database.
     */
    public static Map<String, String> serviceEnvironment(String publicBaseUrl) {
        Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
        environment.put("PAYMENT_GATEWAY", "stripe");
        environment.put("STRIPE_SECRET_KEY", SECRET_KEY);
        environment.put("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
        environment.put("STRIPE_API_BASE", start());
        environment.put("PUBLIC_BASE_URL", publicBaseUrl);
        return environment;
    }

    /** The requests to this path so far. */
    public static List<Received> requests(String path) {
        return new ArrayList<>(RECEIVED.stream().filter(received -> received.path().equals(path)).toList());
    }

    /**
     * A Checkout Session as Stripe's API and its events carry it (a session of the service's
     * shape: payment mode, one line, hosted page), with every field Stripe sends.
     */
    public static String session(String id, Map<String, String> created, String status, String paymentStatus, String paymentIntent) {
        long now = System.currentTimeMillis() / 1000;
        Long amount = created.containsKey("line_items[0][price_data][unit_amount]")
                ? Long.valueOf(created.get("line_items[0][price_data][unit_amount]")) : null;
        String currency = created.get("line_items[0][price_data][currency]");
        Map<String, String> metadata = new LinkedHashMap<>();
        created.forEach((key, value) -> {
            if (key.startsWith("metadata[")) {
                metadata.put(key.substring("metadata[".length(), key.length() - 1), value);
            }
        });
        Map<String, Object> session = new LinkedHashMap<>();
        session.put("id", id);
        session.put("object", "checkout.session");
        session.put("adaptive_pricing", Map.of("enabled", false));
        session.put("after_expiration", null);
        session.put("allow_promotion_codes", null);
        session.put("amount_subtotal", amount);
        session.put("amount_total", amount);
        session.put("automatic_tax", map("enabled", false, "liability", null, "provider", null, "status", null));
        session.put("billing_address_collection", null);
        session.put("cancel_url", created.get("cancel_url"));
        session.put("client_reference_id", created.get("client_reference_id"));
        session.put("client_secret", null);
        session.put("collected_information", null);
        session.put("consent", null);
        session.put("consent_collection", null);
        session.put("created", now);
        session.put("currency", currency);
        session.put("currency_conversion", null);
        session.put("custom_fields", List.of());
        session.put("custom_text", map("after_submit", null, "shipping_address", null, "submit", null,
                "terms_of_service_acceptance", null));
        session.put("customer", null);
        session.put("customer_account", null);
        session.put("customer_creation", "if_required");
        session.put("customer_details", status.equals("complete")
                ? map("address", null, "business_name", null, "email", created.get("customer_email"), "individual_name", null,
                "name", null, "phone", null, "tax_exempt", "none", "tax_ids", List.of())
                : null);
        session.put("customer_email", created.get("customer_email"));
        session.put("discounts", List.of());
        session.put("expires_at", now + 86_400);
        session.put("integration_identifier", null);
        session.put("invoice", null);
        session.put("invoice_creation", map("enabled", false, "invoice_data", map("account_tax_ids", null, "custom_fields", null,
                "description", null, "footer", null, "issuer", null, "metadata", Map.of(), "rendering_options", null)));
        session.put("livemode", false);
        session.put("locale", null);
        session.put("managed_payments", null);
        session.put("metadata", metadata);
        session.put("mode", "payment");
        session.put("origin_context", null);
        session.put("payment_intent", paymentIntent);
        session.put("payment_link", null);
        session.put("payment_method_collection", "if_required");
        session.put("payment_method_configuration_details", null);
        session.put("payment_method_options", Map.of());
        session.put("payment_method_types", List.of("card"));
        session.put("payment_status", paymentStatus);
        session.put("permissions", null);
        session.put("phone_number_collection", Map.of("enabled", false));
        session.put("recovered_from", null);
        session.put("saved_payment_method_options", null);
        session.put("setup_intent", null);
        session.put("shipping_address_collection", null);
        session.put("shipping_cost", null);
        session.put("shipping_options", List.of());
        session.put("status", status);
        session.put("submit_type", null);
        session.put("subscription", null);
        session.put("success_url", created.get("success_url"));
        session.put("total_details", map("amount_discount", 0, "amount_shipping", 0, "amount_tax", 0));
        session.put("ui_mode", "hosted_page");
        session.put("url", status.equals("open") ? "https://checkout.stripe.com/c/pay/" + id : null);
        session.put("wallet_options", null);
        return write(session);
    }

    /** A Refund as Stripe's API and its events carry it, with every field Stripe sends for a card refund. */
    public static String refund(String id, String paymentIntent, long amount, String status) {
        Map<String, Object> refund = new LinkedHashMap<>();
        refund.put("id", id);
        refund.put("object", "refund");
        refund.put("amount", amount);
        refund.put("balance_transaction", "txn_" + id.substring(3));
        refund.put("charge", "ch_" + id.substring(3));
        refund.put("created", System.currentTimeMillis() / 1000);
        refund.put("currency", "usd");
        refund.put("customer", null);
        refund.put("customer_account", null);
        refund.put("destination_details", map("card", map("reference_status", "pending", "reference_type", "acquirer_reference_number",
                "type", "refund"), "type", "card"));
        refund.put("metadata", Map.of());
        refund.put("payment_intent", paymentIntent);
        refund.put("payment_method", null);
        refund.put("reason", null);
        refund.put("receipt_number", null);
        refund.put("source_transfer_reversal", null);
        refund.put("status", status);
        refund.put("transfer_reversal", null);
        return write(refund);
    }

    /** A Refund that failed after Stripe accepted it, as a refund.failed or refund.updated event carries it. */
    public static String failedRefund(String id, String paymentIntent, long amount, String failureReason) {
        try {
            ObjectNode refund = (ObjectNode) JSON.readTree(refund(id, paymentIntent, amount, "failed"));
            refund.put("failure_balance_transaction", "txn_failure_" + id.substring(3));
            refund.put("failure_reason", failureReason);
            return write(refund);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stripe's error object: its type, and the code, parameter and documentation link when there is a code. */
    public static String error(String type, String code, String param, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("type", type);
        if (code != null) {
            error.put("code", code);
            error.put("doc_url", "https://docs.stripe.com/error-codes/" + code.replace('_', '-'));
        }
        if (param != null) {
            error.put("param", param);
        }
        error.put("message", message);
        error.put("request_log_url", "https://dashboard.stripe.com/test/logs/req_standin");
        return write(Map.of("error", error));
    }

    private static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A webhook event of this type about a session, as Stripe sends it. */
    public static String event(String type, String sessionJson) {
        return "{\"id\":\"evt_" + UUID.randomUUID().toString().replace("-", "") + "\",\"object\":\"event\","
                + "\"api_version\":\"2026-07-29.dahlia\",\"created\":" + System.currentTimeMillis() / 1000 + ",\"livemode\":false,"
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
