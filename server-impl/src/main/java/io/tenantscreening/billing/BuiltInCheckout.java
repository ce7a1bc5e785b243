package io.tenantscreening.billing;

import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.annotation.Transactional;
import io.micronaut.json.JsonMapper;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The hosted checkout the service ships with: no card processor, its checkout page is the
 * service's own ({@code /apply/pay/<session>}), where the payer picks the outcome a
 * processor would give (the documented test outcomes: the payment succeeds, the card is
 * declined, the bank asks for an authentication that fails). Like a processor it keeps its
 * sessions (builtin_checkout_sessions), records the outcome once, and confirms it with a
 * notification signed like Stripe's ({@code Builtin-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 over "t.body">}, keyed by a subkey of the master keys), delivered durably by
 * background work to the same notification handler a processor's reaches over HTTP.
 */
@Singleton
@Named(BuiltInCheckout.NAME)
public class BuiltInCheckout implements HostedCheckout {

    public static final String NAME = "builtin";
    public static final String SIGNATURE_HEADER = "Builtin-Signature";
    static final String PAGE_PATH = "/apply/pay/";
    private static final String KEY_PURPOSE = "builtin-checkout-notifications";

    /** The outcomes the payer may choose on the page. */
    public enum Outcome {
        SUCCEEDED, CARD_DECLINED, AUTHENTICATION_REQUIRED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<Outcome> of(String value) {
            for (Outcome outcome : values()) {
                if (outcome.value().equals(value)) {
                    return Optional.of(outcome);
                }
            }
            return Optional.empty();
        }
    }

    /** A session as its page shows it; {@code outcome} is null until the payer chose one. */
    public record StoredSession(String id, long amountCents, String currency, String description, String returnUrl,
                                String cancelUrl, Outcome outcome) {
    }

    private final Jdbc jdbc;
    private final KeyRing keys;
    private final ServiceSettings service;
    private final JsonMapper json;
    private final Clock clock;
    private final long toleranceSeconds;

    public BuiltInCheckout(Jdbc jdbc, KeyRing keys, ServiceSettings service, JsonMapper json, Clock clock,
                           PaymentSettings settings) {
        this.jdbc = jdbc;
        this.keys = keys;
        this.service = service;
        this.json = json;
        this.clock = clock;
        this.toleranceSeconds = settings.getNotificationToleranceSeconds();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String checkoutOrigin() {
        return null;
    }

    /** One statement, committed on its own: a reference asked before answers its first session. */
    @Override
    @Transactional(propagation = TransactionDefinition.Propagation.REQUIRES_NEW)
    public Session open(CheckoutRequest request) {
        String id = jdbc.queryOne("INSERT INTO builtin_checkout_sessions (id, reference, amount_cents, currency, description, "
                                + "success_url, cancel_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                                + "ON CONFLICT (reference) DO NOTHING RETURNING id",
                        row -> row.getString(1), PublicIds.newId("bcs"), request.reference(), request.amountCents(),
                        request.currency(), request.description(), request.returnUrl(), request.cancelUrl(),
                        Timestamps.now(clock))
                .or(() -> jdbc.queryOne("SELECT id FROM builtin_checkout_sessions WHERE reference = ?", row -> row.getString(1),
                        request.reference()))
                .orElseThrow();
        return new Session(id, service.url(PAGE_PATH + id));
    }

    /** The session its page shows; empty for an id the gateway never made. */
    @Transactional
    public Optional<StoredSession> session(String id) {
        return jdbc.queryOne("SELECT id, amount_cents, currency, description, success_url, cancel_url, outcome "
                        + "FROM builtin_checkout_sessions WHERE id = ?",
                row -> new StoredSession(row.getString(1), row.getLong(2), row.getString(3), row.getString(4), row.getString(5),
                        row.getString(6), row.getString(7) == null ? null : Outcome.of(row.getString(7)).orElseThrow()), id);
    }

    /**
     * Records the outcome the payer chose, once, in the caller's transaction (which also
     * schedules its notification); answers whether this call recorded it.
     */
    public boolean complete(String sessionId, Outcome outcome) {
        return jdbc.update("UPDATE builtin_checkout_sessions SET outcome = ?, payment_id = ?, completed_at = ? "
                        + "WHERE id = ? AND outcome IS NULL", outcome.value(),
                outcome == Outcome.SUCCEEDED ? PublicIds.newId("pay") : null, Timestamps.now(clock), sessionId) == 1;
    }

    /** The notification of a completed session, signed now: what a processor would POST. */
    @Transactional
    public SignedNotification notification(String sessionId) {
        return jdbc.queryOne("SELECT outcome, payment_id FROM builtin_checkout_sessions WHERE id = ? AND outcome IS NOT NULL",
                        row -> sign(notificationBody(sessionId, Outcome.of(row.getString(1)).orElseThrow(), row.getString(2)),
                                Timestamps.now(clock).getEpochSecond()), sessionId)
                .orElseThrow(() -> new IllegalStateException("builtin checkout session " + sessionId + " is not completed"));
    }

    /**
     * The body of the notification of a session completed with this outcome (and, when it
     * succeeded, this payment id); its id is the same at every delivery.
     */
    byte[] notificationBody(String sessionId, Outcome outcome, String paymentId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", "bevt_" + sessionId + "_" + outcome.value());
        body.put("type", outcome == Outcome.SUCCEEDED ? "checkout.succeeded" : "checkout.failed");
        body.put("session", sessionId);
        body.put("payment", paymentId);
        body.put("failure", outcome == Outcome.SUCCEEDED ? null : outcome.value());
        return write(body);
    }

    /** A notification body with its signature header, as the built-in gateway sends it. */
    public record SignedNotification(String signatureHeader, byte[] body) {
    }

    /** Signs a body at {@code timestamp} (unix seconds) with the active master key's subkey. */
    public SignedNotification sign(byte[] body, long timestamp) {
        return new SignedNotification("t=" + timestamp + ",v1=" + signature(keys.active(), timestamp, body), body);
    }

    @Override
    public Notification verify(Function<String, String> header, byte[] body) {
        String signature = header.apply(SIGNATURE_HEADER);
        if (signature == null) {
            throw new NotificationRefused(NotificationRefused.Reason.FORGED, "No " + SIGNATURE_HEADER + " header.");
        }
        Long timestamp = null;
        String given = null;
        for (String part : signature.split(",")) {
            String[] pair = part.strip().split("=", 2);
            if (pair.length == 2 && pair[0].equals("t") && pair[1].matches("\\d{1,12}")) {
                timestamp = Long.parseLong(pair[1]);
            } else if (pair.length == 2 && pair[0].equals("v1")) {
                given = pair[1];
            }
        }
        if (timestamp == null || given == null) {
            throw new NotificationRefused(NotificationRefused.Reason.FORGED, "The signature header has no t= or v1= value.");
        }
        long signedAt = timestamp;
        byte[] presented = given.getBytes(StandardCharsets.US_ASCII);
        boolean matches = keys.all().stream().anyMatch(key ->
                MessageDigest.isEqual(signature(key, signedAt, body).getBytes(StandardCharsets.US_ASCII), presented));
        if (!matches) {
            throw new NotificationRefused(NotificationRefused.Reason.FORGED, "The signature does not match.");
        }
        if (Math.abs(Timestamps.now(clock).getEpochSecond() - signedAt) > toleranceSeconds) {
            throw new NotificationRefused(NotificationRefused.Reason.STALE, "The notification was signed at "
                    + Instant.ofEpochSecond(signedAt) + ", outside the tolerance of " + toleranceSeconds + " seconds.");
        }
        try {
            Map<?, ?> read = json.readValue(body, Map.class);
            Object id = read.get("id");
            Object session = read.get("session");
            Object type = read.get("type");
            if (!(id instanceof String) || !(session instanceof String) || !(type instanceof String)) {
                throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The notification lacks id, type or session.");
            }
            Kind kind = switch ((String) type) {
                case "checkout.succeeded" -> Kind.SUCCEEDED;
                case "checkout.failed" -> Kind.FAILED;
                default -> Kind.IGNORED;
            };
            return new Notification((String) id, (String) session, kind, (String) read.get("payment"), (String) read.get("failure"));
        } catch (IOException | ClassCastException e) {
            throw new NotificationRefused(NotificationRefused.Reason.MALFORMED, "The notification is not a JSON object of the built-in gateway.");
        }
    }

    /**
     * False: a built-in session takes no money and is not ended; one completed after its
     * order was canceled is refunded, as any payment the order no longer wants.
     */
    @Override
    public boolean expire(String sessionId) {
        return false;
    }

    @Override
    @Transactional(propagation = TransactionDefinition.Propagation.REQUIRES_NEW)
    public RefundOutcome refund(String paymentReference, String idempotencyKey) {
        int refunded = jdbc.update("UPDATE builtin_checkout_sessions SET refunded_at = coalesce(refunded_at, ?) "
                + "WHERE payment_id = ? AND outcome = 'succeeded'", Timestamps.now(clock), paymentReference);
        if (refunded != 1) {
            throw new IllegalStateException("the built-in gateway has no payment " + paymentReference);
        }
        return new Refunded(null);
    }

    private static String signature(KeyRing.Key key, long timestamp, byte[] body) {
        byte[] signed = (timestamp + ".").getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[signed.length + body.length];
        System.arraycopy(signed, 0, message, 0, signed.length);
        System.arraycopy(body, 0, message, signed.length, body.length);
        return HexFormat.of().formatHex(Hmac.sha256(key.derive(KEY_PURPOSE), message));
    }

    private byte[] write(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
