package io.tenantscreening.payments;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.billing.PaymentSettings;
import io.tenantscreening.billing.StripeCheckout;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Which hosted checkout takes payments (docs/operators.md#applicants-payments):
 * PAYMENT_GATEWAY names where new payments go, {@code builtin} or {@code stripe}, read
 * without the white space around it and exactly, any other value stopping the service; Stripe
 * needs both of its keys, without which the service refuses to start outside development and
 * warns and uses the built-in checkout in development; when both are set, Stripe's
 * notifications and refunds are taken whatever PAYMENT_GATEWAY says; the apply page's form
 * may go to the active gateway's checkout ({@code https://checkout.stripe.com}). The
 * gateway named in a notification's path is exact too (docs/operators.md#payment-notifications).
 */
class HostedCheckoutsTest {

    private static final BuiltInCheckout BUILT_IN = new BuiltInCheckout(null, new KeyRing("", environment("development")),
            environment("development"), JsonMapper.createDefault(), Clock.systemUTC(), new PaymentSettings());

    @Test
    void theBuiltInCheckoutTakesPaymentsUnlessTheOperatorChoosesAnother() {
        HostedCheckouts gateways = gateways(new PaymentSettings(), "production");

        assertThat(gateways.active()).isSameAs(BUILT_IN);
        assertThat(gateways.otherFormOrigin()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"stripe", " stripe ", "stripe\n"})
    void stripeWithBothKeysTakesPaymentsAtItsCheckoutPage(String gateway) {
        HostedCheckouts gateways = gateways(settings(gateway, "sk_live_1", "whsec_1"), "production");

        assertThat(gateways.active()).isInstanceOf(StripeCheckout.class);
        assertThat(gateways.otherFormOrigin()).isEqualTo("https://checkout.stripe.com");
    }

    @ParameterizedTest
    @ValueSource(strings = {"production", "staging"})
    void outsideDevelopmentStripeWithoutBothKeysStopsTheService(String environment) {
        HostedCheckouts withoutWebhookSecret = gateways(settings("stripe", "sk_live_1", null), environment);
        HostedCheckouts withoutSecretKey = gateways(settings("stripe", " ", "whsec_1"), environment);

        assertThatThrownBy(withoutWebhookSecret::active).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
        assertThatThrownBy(withoutSecretKey::active).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    }

    @Test
    void inDevelopmentStripeWithoutItsKeysFallsBackToTheBuiltInCheckout() {
        HostedCheckouts gateways = gateways(settings("stripe", null, null), "development");

        assertThat(gateways.active()).isSameAs(BUILT_IN);
        assertThat(gateways.otherFormOrigin()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"paypal", "", "Stripe", "BUILTIN", "builtin,stripe"})
    void aGatewayOtherThanBuiltinOrStripeStopsTheServiceNamingIt(String gateway) {
        HostedCheckouts gateways = gateways(settings(gateway, "sk_live_1", "whsec_1"), "development");

        assertThatThrownBy(gateways::active).isInstanceOf(IllegalStateException.class)
                .hasMessage("PAYMENT_GATEWAY must be builtin or stripe, not '" + gateway.strip() + "'.");
    }

    @Test
    void noGatewayAtAllStopsTheService() {
        HostedCheckouts gateways = gateways(settings(null, null, null), "development");

        assertThatThrownBy(gateways::active).hasMessage("PAYMENT_GATEWAY must be builtin or stripe, not ''.");
    }

    /** Checkouts made before a change of gateway are still settled and refunded by their own gateway. */
    @Test
    void eachConfiguredGatewayTakesItsNotificationsWhicheverTakesNewPayments() {
        HostedCheckouts builtInActive = gateways(settings("builtin", "sk_live_1", "whsec_1"), "production");
        HostedCheckouts stripeActive = gateways(settings("stripe", "sk_live_1", "whsec_1"), "production");

        assertThat(builtInActive.named("stripe")).get().isInstanceOf(StripeCheckout.class);
        assertThat(builtInActive.named("builtin")).containsSame(BUILT_IN);
        assertThat(stripeActive.named("builtin")).containsSame(BUILT_IN);
    }

    @Test
    void stripeWithoutBothKeysTakesNoNotificationsAndAnUnknownGatewayNone() {
        HostedCheckouts gateways = gateways(settings("builtin", "sk_live_1", null), "development");

        assertThat(gateways.named("stripe")).isEmpty();
        assertThat(gateways.named("paypal")).isEmpty();
        assertThat(gateways.named("Builtin")).isEmpty();
        assertThat(gateways.named(null)).isEmpty();
    }

    static HostedCheckouts gateways(PaymentSettings settings, String environment) {
        return new HostedCheckouts(settings, environment(environment), BUILT_IN, new StripeCheckout(settings, Clock.systemUTC(), Traces.off(),
                ServiceMetrics.off()));
    }

    private static PaymentSettings settings(String gateway, String secretKey, String webhookSecret) {
        PaymentSettings settings = new PaymentSettings();
        settings.setGateway(gateway);
        settings.setStripeSecretKey(secretKey);
        settings.setStripeWebhookSecret(webhookSecret);
        return settings;
    }

    private static ServiceSettings environment(String name) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment(name);
        return settings;
    }
}
