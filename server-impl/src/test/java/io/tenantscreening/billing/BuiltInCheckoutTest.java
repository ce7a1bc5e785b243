package io.tenantscreening.billing;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

import static io.tenantscreening.billing.HostedCheckout.NotificationRefused.Reason.FORGED;
import static io.tenantscreening.billing.HostedCheckout.NotificationRefused.Reason.MALFORMED;
import static io.tenantscreening.billing.HostedCheckout.NotificationRefused.Reason.STALE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The built-in checkout's notifications (docs/operators.md#applicants-payments: the payer
 * chooses "the payment succeeds", "the card is declined" or "the bank asks for
 * authentication, which fails"; the service sends itself the notification "signed with a key
 * derived from the master keys"; one whose signed timestamp is further than
 * PAYMENT_NOTIFICATION_TOLERANCE from the service's clock, before or after, is refused as
 * stale, a forged signature as invalid; one received before changes nothing, so each
 * delivery of one outcome has the same id). Signed as Stripe signs, in
 * {@code Builtin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 over "t.body">} with a
 * subkey of the first master key, its parts in any order, {@code t} of 1 to 12 digits, and
 * verified under every master key still listed; a signed body that is not a built-in
 * notification is malformed, and one of a type the service does not act on is ignored
 * (docs/operators.md#payment-notifications; keys: docs/operators.md#master-keys). None of
 * this reads the sessions' table, so the checkout here has no database (null).
 */
class BuiltInCheckoutTest {

    private static final String NEW_KEY = key("0123456789abcdef0123456789abcdef");
    private static final String OLD_KEY = key("fedcba9876543210fedcba9876543210");
    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final long T = NOW.getEpochSecond();
    private static final JsonMapper JSON = JsonMapper.createDefault();

    private final BuiltInCheckout checkout = checkout("new:" + NEW_KEY + ",old:" + OLD_KEY, 300);
    private final byte[] body = checkout.notificationBody("bcs_1", BuiltInCheckout.Outcome.SUCCEEDED, "pay_1");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "null", value = {
            "SUCCEEDED,               SUCCEEDED, pay_1, null",
            "CARD_DECLINED,           FAILED,    null,  card_declined",
            "AUTHENTICATION_REQUIRED, FAILED,    null,  authentication_required"})
    void eachOutcomesNotificationIsReadAsWhatTheOutcomeMeans(BuiltInCheckout.Outcome outcome, HostedCheckout.Kind kind,
                                                              String payment, String failure) {
        byte[] notification = checkout.notificationBody("bcs_1", outcome, payment);

        assertThat(verify(checkout, checkout.sign(notification, T)))
                .isEqualTo(new HostedCheckout.Notification("bevt_bcs_1_" + outcome.value(), "bcs_1",
                        kind, payment, failure));
    }

    /** A second delivery is recognised by its id, whenever it was signed; another session or outcome has another id. */
    @Test
    void everyDeliveryOfOneOutcomeHasTheSameIdAndNoOtherNotificationHasIt() {
        String first = verify(checkout, checkout.sign(body, T)).id();
        String again = verify(checkout, checkout.sign(checkout.notificationBody("bcs_1", BuiltInCheckout.Outcome.SUCCEEDED, "pay_1"),
                T - 120)).id();
        String otherSession = verify(checkout, checkout.sign(checkout.notificationBody("bcs_2", BuiltInCheckout.Outcome.SUCCEEDED,
                "pay_1"), T)).id();
        String otherOutcome = verify(checkout, checkout.sign(checkout.notificationBody("bcs_1",
                BuiltInCheckout.Outcome.CARD_DECLINED, null), T)).id();

        assertThat(again).isEqualTo(first);
        assertThat(otherSession).isNotEqualTo(first);
        assertThat(otherOutcome).isNotEqualTo(first);
    }

    @Test
    void theSignatureIsAnHmacOfTheTimestampAndBodyUnderASubkeyOfTheActiveMasterKey() {
        KeyRing.Key active = ring("new:" + NEW_KEY + ",old:" + OLD_KEY).active();
        String expected = hmac(active.derive("builtin-checkout-notifications"), T + "." + new String(body, StandardCharsets.UTF_8));

        BuiltInCheckout.SignedNotification signed = checkout.sign(body, T);

        assertThat(signed.signatureHeader()).isEqualTo("t=" + T + ",v1=" + expected);
        assertThat(signed.body()).isEqualTo(body);
        assertThat(expected).isNotEqualTo(hmac(Base64.getDecoder().decode(NEW_KEY), T + "." + new String(body, StandardCharsets.UTF_8)));
    }

    /**
     * After a rotation, notifications signed with the previous key verify while it is listed, and not once it is gone
     * (docs/operators.md#payment-notifications).
     */
    @Test
    void aNotificationSignedWithAnOlderKeyVerifiesWhileThatKeyIsListed() {
        BuiltInCheckout beforeRotation = checkout("old:" + OLD_KEY, 300);
        BuiltInCheckout afterRetirement = checkout("new:" + NEW_KEY, 300);
        BuiltInCheckout.SignedNotification signed = beforeRotation.sign(body, T);

        assertThat(verify(checkout, signed).sessionId()).isEqualTo("bcs_1");
        assertRefused(afterRetirement, signed, FORGED);
    }

    @Test
    void withoutTheSignatureHeaderANotificationIsForged() {
        assertThatThrownBy(() -> checkout.verify(name -> null, body))
                .isInstanceOfSatisfying(HostedCheckout.NotificationRefused.class, refused -> assertThat(refused.reason()).isEqualTo(FORGED))
                .hasMessage("No Builtin-Signature header.");
    }

    @Test
    void aChangedBodyOrAnotherBodysSignatureIsForged() {
        byte[] changed = new String(body, StandardCharsets.UTF_8).replace("pay_1", "pay_2").getBytes(StandardCharsets.UTF_8);

        assertRefused(checkout, new BuiltInCheckout.SignedNotification(checkout.sign(body, T).signatureHeader(), changed), FORGED);
        assertRefused(checkout, new BuiltInCheckout.SignedNotification(checkout.sign(changed, T).signatureHeader(), body), FORGED);
        assertRefused(checkout, new BuiltInCheckout.SignedNotification("t=" + (T - 1) + "," + v1(checkout.sign(body, T)), body), FORGED);
    }

    /**
     * The header needs a t= of 1 to 12 digits and a v1= (docs/operators.md#payment-notifications); a signature valid
     * for a timestamp the header cannot carry does not help.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "garbage", "t={t}", "v1={v1}", "T={t},v1={v1}", "t={t},V1={v1}", "t=+{t},v1={v1}", "t={t};v1={v1}"})
    void aHeaderWithoutATimestampOrASignatureIsForged(String template) {
        String v1 = v1(checkout.sign(body, T)).substring("v1=".length());
        String header = template.replace("{t}", Long.toString(T)).replace("{v1}", v1);

        assertRefused(checkout, new BuiltInCheckout.SignedNotification(header, body), FORGED);
    }

    @Test
    void aTimestampOfMoreThanTwelveDigitsIsNoTimestamp() {
        BuiltInCheckout.SignedNotification farFuture = checkout.sign(body, 1_000_000_000_000L);

        assertThatThrownBy(() -> verify(checkout, farFuture))
                .isInstanceOfSatisfying(HostedCheckout.NotificationRefused.class, refused -> assertThat(refused.reason()).isEqualTo(FORGED))
                .hasMessageContaining("no t= or v1=");
    }

    @Test
    void thePartsOfTheHeaderMayComeInAnyOrderAndWithSpaces() {
        String v1 = v1(checkout.sign(body, T));

        assertThat(verify(checkout, new BuiltInCheckout.SignedNotification(v1 + ",t=" + T, body)).sessionId()).isEqualTo("bcs_1");
        assertThat(verify(checkout, new BuiltInCheckout.SignedNotification("t=" + T + ", " + v1, body)).sessionId()).isEqualTo("bcs_1");
    }

    /**
     * The tolerance holds both ways (docs/operators.md#applicants-payments, PAYMENT_NOTIFICATION_TOLERANCE): a timestamp
     * too far in the future is no fresher than one too far in the past.
     */
    @ParameterizedTest(name = "signed {0} s from now")
    @ValueSource(longs = {0, -300, 300})
    void aNotificationSignedWithinTheToleranceIsTaken(long offset) {
        assertThat(verify(checkout, checkout.sign(body, T + offset)).kind()).isEqualTo(HostedCheckout.Kind.SUCCEEDED);
    }

    @ParameterizedTest(name = "signed {0} s from now")
    @ValueSource(longs = {-301, 301, -86_400, 86_400})
    void aNotificationSignedOutsideTheToleranceIsStale(long offset) {
        assertRefused(checkout, checkout.sign(body, T + offset), STALE);
    }

    @Test
    void theToleranceIsTheOperatorsSetting() {
        BuiltInCheckout strict = checkout("new:" + NEW_KEY, 60);

        assertThat(verify(strict, strict.sign(body, T - 60)).sessionId()).isEqualTo("bcs_1");
        assertRefused(strict, strict.sign(body, T - 61), STALE);
    }

    /** What is not the gateway's is refused as forged before its age is looked at. */
    @Test
    void aStaleNotificationWithAForgedSignatureIsForged() {
        BuiltInCheckout.SignedNotification stale = checkout.sign(body, T - 3600);

        assertRefused(checkout, new BuiltInCheckout.SignedNotification(stale.signatureHeader(), "{}".getBytes(StandardCharsets.UTF_8)),
                FORGED);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "not json",
            "",
            "[]",
            "\"text\"",
            "{}",
            "{\"id\":\"bevt_1\",\"session\":\"bcs_1\"}",
            "{\"id\":\"bevt_1\",\"type\":\"checkout.succeeded\"}",
            "{\"session\":\"bcs_1\",\"type\":\"checkout.succeeded\"}",
            "{\"id\":7,\"session\":\"bcs_1\",\"type\":\"checkout.succeeded\"}",
            "{\"id\":\"bevt_1\",\"session\":[\"bcs_1\"],\"type\":\"checkout.succeeded\"}",
            "{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":true}",
            "{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":\"checkout.succeeded\",\"payment\":5}",
            "{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":\"checkout.failed\",\"failure\":{}}"})
    void aSignedBodyThatIsNotTheGatewaysNotificationIsMalformed(String malformed) {
        byte[] bytes = malformed.getBytes(StandardCharsets.UTF_8);

        assertRefused(checkout, checkout.sign(bytes, T), MALFORMED);
    }

    @Test
    void aNotificationOfAnotherTypeIsIgnored() {
        byte[] other = "{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":\"checkout.opened\"}".getBytes(StandardCharsets.UTF_8);

        assertThat(verify(checkout, checkout.sign(other, T)))
                .isEqualTo(new HostedCheckout.Notification("bevt_1", "bcs_1", HostedCheckout.Kind.IGNORED, null, null));
    }

    /** The outcomes the page offers, by the values its form sends. */
    @Test
    void theOutcomesArePickedByTheirExactValues() {
        assertThat(BuiltInCheckout.Outcome.of("succeeded")).contains(BuiltInCheckout.Outcome.SUCCEEDED);
        assertThat(BuiltInCheckout.Outcome.of("card_declined")).contains(BuiltInCheckout.Outcome.CARD_DECLINED);
        assertThat(BuiltInCheckout.Outcome.of("authentication_required")).contains(BuiltInCheckout.Outcome.AUTHENTICATION_REQUIRED);
        assertThat(BuiltInCheckout.Outcome.of("SUCCEEDED")).isEmpty();
        assertThat(BuiltInCheckout.Outcome.of("refunded")).isEmpty();
        assertThat(BuiltInCheckout.Outcome.of(null)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(BuiltInCheckout.Outcome.class)
    void eachOutcomeIsReadBackFromItsValue(BuiltInCheckout.Outcome outcome) {
        assertThat(BuiltInCheckout.Outcome.of(outcome.value())).isEqualTo(Optional.of(outcome));
    }

    @Test
    void itsCheckoutPageIsTheServicesOwn() {
        assertThat(checkout.name()).isEqualTo("builtin");
        assertThat(checkout.checkoutOrigin()).isNull();
    }

    static BuiltInCheckout checkout(String keys, long toleranceSeconds) {
        PaymentSettings settings = new PaymentSettings();
        settings.setNotificationToleranceSeconds(toleranceSeconds);
        return new BuiltInCheckout(null, ring(keys), new ServiceSettings(), JSON,
                Clock.fixed(NOW, ZoneOffset.UTC), settings);
    }

    static HostedCheckout.Notification verify(BuiltInCheckout checkout, BuiltInCheckout.SignedNotification signed) {
        return checkout.verify(name -> name.equals(BuiltInCheckout.SIGNATURE_HEADER) ? signed.signatureHeader() : null, signed.body());
    }

    private static void assertRefused(BuiltInCheckout checkout, BuiltInCheckout.SignedNotification signed,
                                      HostedCheckout.NotificationRefused.Reason reason) {
        assertThatThrownBy(() -> verify(checkout, signed))
                .isInstanceOfSatisfying(HostedCheckout.NotificationRefused.class, refused -> assertThat(refused.reason()).isEqualTo(reason));
    }

    private static String v1(BuiltInCheckout.SignedNotification signed) {
        return signed.signatureHeader().substring(signed.signatureHeader().indexOf("v1="));
    }

    private static KeyRing ring(String keys) {
        ServiceSettings production = new ServiceSettings();
        production.setEnvironment("production");
        return new KeyRing(keys, production);
    }

    private static String key(String thirtyTwoBytes) {
        return Base64.getEncoder().encodeToString(thirtyTwoBytes.getBytes(StandardCharsets.US_ASCII));
    }

    private static String hmac(byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
