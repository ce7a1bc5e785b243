package io.tenantscreening.billing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How applicants pay, as the operator sets it (docs/operators.md#applicants-payments, and
 * README.md#configuration): the built-in checkout unless PAYMENT_GATEWAY says otherwise,
 * Stripe's API at https://api.stripe.com, notifications taken for 300 seconds after their
 * signature; Stripe counts as configured only with both STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET, a blank value being none.
 */
class PaymentSettingsTest {

    @Test
    void theDefaultsAreTheBuiltInCheckoutStripesOwnApiAndFiveMinutes() {
        PaymentSettings settings = new PaymentSettings();

        assertThat(settings.getGateway()).isEqualTo("builtin");
        assertThat(settings.getStripeApiBase()).isEqualTo("https://api.stripe.com");
        assertThat(settings.getNotificationToleranceSeconds()).isEqualTo(300);
        assertThat(settings.stripeConfigured()).isFalse();
    }

    @ParameterizedTest(name = "secret key {0}, webhook secret {1} -> {2}")
    @CsvSource(nullValues = "null", value = {
            "sk_live_1, whsec_1, true",
            "sk_live_1, null,    false",
            "null,      whsec_1, false",
            "sk_live_1, '   ',   false",
            "'',        whsec_1, false",
            "null,      null,    false"})
    void stripeIsConfiguredOnlyWithBothItsKeys(String secretKey, String webhookSecret, boolean configured) {
        PaymentSettings settings = new PaymentSettings();
        settings.setStripeSecretKey(secretKey);
        settings.setStripeWebhookSecret(webhookSecret);

        assertThat(settings.stripeConfigured()).isEqualTo(configured);
    }
}
