package io.tenantscreening.payments;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.billing.HostedCheckout;
import io.tenantscreening.billing.PaymentSettings;
import io.tenantscreening.billing.StripeCheckout;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderPayment;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.Payer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The applicant's payment (docs/integrators.md#orders-the-applicant-pays): the pay button
 * opens a checkout only while the order waits for a payment: a pending one, or a failed one
 * ("the page offers to try again"), never one that succeeded or was refunded, nor an order
 * the organisation pays for. A gateway's notification is verified before anything is read
 * (docs/operators.md#applicants-payments: the signature is the credential), and one of a kind
 * the service does not act on changes nothing and its session is not looked for
 * (docs/operators.md#payment-notifications); the service here has no checkouts, orders nor
 * transactions (they are null), so reaching any of them would fail.
 */
class ApplicantPaymentsTest {

    private static final JsonMapper JSON = JsonMapper.createDefault();
    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final String KEY = "k1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    private final BuiltInCheckout builtIn = builtIn(KEY);
    private final ApplicantPayments payments = new ApplicantPayments(new HostedCheckouts(new PaymentSettings(), production(),
            builtIn, new StripeCheckout(new PaymentSettings(), Clock.systemUTC(), Traces.off(),
                    ServiceMetrics.off())), null, null, null, null, Clock.fixed(NOW, ZoneOffset.UTC));

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"PENDING, true", "FAILED, true", "SUCCEEDED, false", "REFUNDED, false"})
    void theApplicantMayPayWhileThePaymentIsPendingOrFailed(OrderPayment.Status status, boolean awaits) {
        assertThat(ApplicantPayments.awaitsPayment(order(new OrderPayment(status, 2500, "usd")))).isEqualTo(awaits);
    }

    @Test
    void anOrderTheOrganisationPaysForOrThatNoLongerWaitsHasNothingToPay() {
        assertThat(ApplicantPayments.awaitsPayment(order(null))).isFalse();
        assertThat(ApplicantPayments.awaitsPayment(null)).isFalse();
    }

    @Test
    void aNotificationOfAKindTheServiceDoesNotActOnIsAcknowledgedAndChangesNothing() {
        BuiltInCheckout.SignedNotification opened = builtIn.sign(
                "{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":\"checkout.opened\"}".getBytes(StandardCharsets.UTF_8),
                NOW.getEpochSecond());

        assertThat(payments.receive("builtin", header(opened), opened.body())).isEqualTo(ApplicantPayments.Receipt.IGNORED);
    }

    @Test
    void aForgedNotificationIsRefusedBeforeAnythingIsRead() {
        BuiltInCheckout.SignedNotification forged = builtIn("k9:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=").sign(
                "{\"id\":\"bevt_1\",\"session\":\"bcs_1\",\"type\":\"checkout.succeeded\",\"payment\":\"pay_1\"}"
                        .getBytes(StandardCharsets.UTF_8), NOW.getEpochSecond());

        assertThatThrownBy(() -> payments.receive("builtin", header(forged), forged.body()))
                .isInstanceOfSatisfying(HostedCheckout.NotificationRefused.class,
                        refused -> assertThat(refused.reason()).isEqualTo(HostedCheckout.NotificationRefused.Reason.FORGED));
    }

    /** Stripe takes notifications only with both of its keys; no other gateway exists. */
    @Test
    void aGatewayThatTakesNoNotificationsHereIsUnknown() {
        assertThatThrownBy(() -> payments.receive("stripe", name -> null, new byte[0]))
                .isInstanceOf(ApplicantPayments.UnknownGateway.class).hasMessageContaining("'stripe'");
        assertThatThrownBy(() -> payments.receive("paypal", name -> null, new byte[0]))
                .isInstanceOf(ApplicantPayments.UnknownGateway.class).hasMessageContaining("'paypal'");
    }

    private static java.util.function.Function<String, String> header(BuiltInCheckout.SignedNotification signed) {
        return name -> name.equals(BuiltInCheckout.SIGNATURE_HEADER) ? signed.signatureHeader() : null;
    }

    private static Order order(OrderPayment payment) {
        return new Order("ord_1", Mode.LIVE, OrderStatus.WAITING_FOR_APPLICANT, "essential", List.of(),
                payment == null ? Payer.ORGANIZATION : Payer.APPLICANT, "pr_1", "ap_1", null, null, null, null, NOW, null, null, null, payment);
    }

    private static BuiltInCheckout builtIn(String keys) {
        return new BuiltInCheckout(null, new KeyRing(keys, production()), production(), JSON,
                Clock.fixed(NOW, ZoneOffset.UTC), new PaymentSettings());
    }

    private static ServiceSettings production() {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return settings;
    }
}
