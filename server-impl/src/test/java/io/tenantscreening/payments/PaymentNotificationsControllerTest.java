package io.tenantscreening.payments;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.JsonMapper;
import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.billing.PaymentSettings;
import io.tenantscreening.billing.StripeCheckout;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import org.junit.jupiter.api.Test;

import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How {@code POST /payment_notifications/<gateway>} answers a gateway
 * (docs/operators.md#applicants-payments): "a notification signed longer ago (a replay) [...]
 * is refused with 400 stale_notification. A forged signature, or none, is 400
 * invalid_signature", and (docs/operators.md#payment-notifications) a signed body that is not
 * a notification of the gateway {@code 400 malformed_notification}, a gateway that takes no
 * notifications here {@code 404}, and a notification of a kind the service does not act on
 * {@code 200} with {@code ignored: true}. The answers that need the database (a session no
 * checkout has, a notification taken before) are the conformance tests'.
 */
class PaymentNotificationsControllerTest {

    private static final JsonMapper JSON = JsonMapper.createDefault();
    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final byte[] SUCCEEDED = ("{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":\"checkout.succeeded\","
            + "\"payment\":\"pay_1\"}").getBytes(StandardCharsets.UTF_8);

    private final BuiltInCheckout builtIn = new BuiltInCheckout(null,
            new KeyRing("k1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=", production()), production(), JSON,
            Clock.fixed(NOW, ZoneOffset.UTC), new PaymentSettings());
    private final PaymentNotificationsController controller = new PaymentNotificationsController(new ApplicantPayments(
            new HostedCheckouts(new PaymentSettings(), production(), builtIn, new StripeCheckout(new PaymentSettings(), Clock.systemUTC(),
                    Traces.off(), ServiceMetrics.off())),
            null, null, null, null, Clock.fixed(NOW, ZoneOffset.UTC)));

    @Test
    void aForgedSignatureIs400InvalidSignature() {
        BuiltInCheckout.SignedNotification signed = builtIn.sign(SUCCEEDED, NOW.getEpochSecond());
        String forged = signed.signatureHeader().substring(0, signed.signatureHeader().length() - 1)
                + (signed.signatureHeader().endsWith("0") ? "1" : "0");

        assertAnswer(() -> controller.receive("builtin", SUCCEEDED, request(forged)), 400, "invalid_signature");
        assertAnswer(() -> controller.receive("builtin", SUCCEEDED, request(null)), 400, "invalid_signature");
    }

    @Test
    void aReplayedNotificationIs400StaleNotification() {
        BuiltInCheckout.SignedNotification replayed = builtIn.sign(SUCCEEDED, NOW.getEpochSecond() - 3600);

        assertAnswer(() -> controller.receive("builtin", SUCCEEDED, request(replayed.signatureHeader())), 400, "stale_notification");
    }

    @Test
    void aSignedBodyThatIsNoNotificationIs400MalformedNotification() {
        byte[] notJson = "not json".getBytes(StandardCharsets.UTF_8);

        assertAnswer(() -> controller.receive("builtin", notJson, request(builtIn.sign(notJson, NOW.getEpochSecond()).signatureHeader())),
                400, "malformed_notification");
    }

    /** No body at all is an empty one: refused as a notification, never a failure of the service. */
    @Test
    void aRequestWithoutABodyIsReadAsAnEmptyOne() {
        String signedEmpty = builtIn.sign(new byte[0], NOW.getEpochSecond()).signatureHeader();

        assertAnswer(() -> controller.receive("builtin", null, request(signedEmpty)), 400, "malformed_notification");
    }

    @Test
    void aGatewayThatTakesNoNotificationsHereIs404() {
        assertAnswer(() -> controller.receive("paypal", SUCCEEDED, request(null)), 404, "not_found_error");
        assertAnswer(() -> controller.receive("stripe", SUCCEEDED, request(null)), 404, "not_found_error");
    }

    @Test
    void aNotificationTheServiceDoesNotActOnIsAcknowledgedAsIgnored() {
        byte[] other = "{\"id\":\"bevt_2\",\"session\":\"bcs_1\",\"type\":\"checkout.opened\"}".getBytes(StandardCharsets.UTF_8);

        HttpResponse<Map<String, Object>> answer = controller.receive("builtin", other,
                request(builtIn.sign(other, NOW.getEpochSecond()).signatureHeader()));

        assertThat(answer.getStatus().getCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo(Map.of("received", true, "ignored", true, "duplicate", false));
    }

    private static HttpRequest<?> request(String signature) {
        var request = HttpRequest.POST("/payment_notifications/builtin", new byte[0]);
        return signature == null ? request : request.header(BuiltInCheckout.SIGNATURE_HEADER, signature);
    }

    private static void assertAnswer(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, int status, String code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.status().getCode()).isEqualTo(status);
            assertThat(refused.errors()).extracting(ErrorEntry::code).containsExactly(code);
        });
    }

    private static ServiceSettings production() {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return settings;
    }
}
