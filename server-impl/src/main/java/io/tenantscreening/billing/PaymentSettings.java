package io.tenantscreening.billing;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * How applicants pay ({@code screening.payments.*}; the README lists their variables): the
 * hosted checkout new payments go to ({@code builtin} or {@code stripe}), Stripe's keys and
 * where its API is, how long the pay button waits for Stripe, and how old a notification's
 * signed timestamp may be.
 */
@ConfigurationProperties("screening.payments")
public class PaymentSettings {

    private String gateway = "builtin";
    private String stripeSecretKey;
    private String stripeWebhookSecret;
    private String stripeApiBase = "https://api.stripe.com";
    private long notificationToleranceSeconds = 300;
    private int checkoutTimeoutSeconds = 5;

    public String getGateway() {
        return gateway;
    }

    public void setGateway(String gateway) {
        this.gateway = gateway;
    }

    public String getStripeSecretKey() {
        return stripeSecretKey;
    }

    public void setStripeSecretKey(String stripeSecretKey) {
        this.stripeSecretKey = stripeSecretKey;
    }

    public String getStripeWebhookSecret() {
        return stripeWebhookSecret;
    }

    public void setStripeWebhookSecret(String stripeWebhookSecret) {
        this.stripeWebhookSecret = stripeWebhookSecret;
    }

    public String getStripeApiBase() {
        return stripeApiBase;
    }

    public void setStripeApiBase(String stripeApiBase) {
        this.stripeApiBase = stripeApiBase;
    }

    /** Notifications signed longer ago than this are refused as replays. */
    public long getNotificationToleranceSeconds() {
        return notificationToleranceSeconds;
    }

    public void setNotificationToleranceSeconds(long notificationToleranceSeconds) {
        this.notificationToleranceSeconds = notificationToleranceSeconds;
    }

    /**
     * How long the pay button waits for the processor to connect, and then to answer, on
     * each of its two tries; background work (refunds, expiring sessions) waits longer.
     */
    public int getCheckoutTimeoutSeconds() {
        return checkoutTimeoutSeconds;
    }

    public void setCheckoutTimeoutSeconds(int checkoutTimeoutSeconds) {
        this.checkoutTimeoutSeconds = checkoutTimeoutSeconds;
    }

    public boolean stripeConfigured() {
        return present(stripeSecretKey) && present(stripeWebhookSecret);
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
