package io.tenantscreening.payments;

import io.tenantscreening.billing.BuiltInCheckout;
import io.tenantscreening.billing.HostedCheckout;
import io.tenantscreening.billing.PaymentSettings;
import io.tenantscreening.billing.StripeCheckout;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.pages.FormOrigins;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * The hosted checkouts the service can use: {@code PAYMENT_GATEWAY} names the one new
 * payments go to ({@code builtin} or {@code stripe}). Stripe needs {@code STRIPE_SECRET_KEY}
 * and {@code STRIPE_WEBHOOK_SECRET}: outside development choosing it without them is refused
 * (the service checks it when it starts, {@link PaymentGatewayCheck}); in development it
 * warns and uses the built-in checkout. Notifications and refunds go to the gateway a
 * checkout was made with, so checkouts made before a change of gateway are still settled
 * and refunded by their own.
 */
@Singleton
public class HostedCheckouts implements FormOrigins {

    private static final Logger LOG = LoggerFactory.getLogger(HostedCheckouts.class);

    private final PaymentSettings settings;
    private final ServiceSettings service;
    private final BuiltInCheckout builtIn;
    private final StripeCheckout stripe;
    private volatile HostedCheckout active;

    public HostedCheckouts(PaymentSettings settings, ServiceSettings service, BuiltInCheckout builtIn, StripeCheckout stripe) {
        this.settings = settings;
        this.service = service;
        this.builtIn = builtIn;
        this.stripe = stripe;
    }

    /** The origin of the active gateway's hosted checkout page, where the apply page's pay button sends the applicant. */
    @Override
    public String otherFormOrigin() {
        return active().checkoutOrigin();
    }

    /** The gateway new checkouts go to; refused when the settings name none that can take payments. */
    public HostedCheckout active() {
        HostedCheckout chosen = active;
        if (chosen == null) {
            synchronized (this) {
                if (active == null) {
                    active = choose();
                }
                chosen = active;
            }
        }
        return chosen;
    }

    private HostedCheckout choose() {
        String chosen = settings.getGateway() == null ? "" : settings.getGateway().strip();
        switch (chosen) {
            case BuiltInCheckout.NAME -> {
                return builtIn;
            }
            case StripeCheckout.NAME -> {
                if (settings.stripeConfigured()) {
                    return stripe;
                } else if (service.isDevelopment()) {
                    LOG.warn("PAYMENT_GATEWAY=stripe without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: applicants pay at the "
                            + "built-in checkout instead. Set both outside development.");
                    return builtIn;
                } else {
                    throw new IllegalStateException("PAYMENT_GATEWAY is stripe, but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET "
                            + "are not both set: applicants could not pay, nor could Stripe's notifications be verified.");
                }
            }
            default -> throw new IllegalStateException("PAYMENT_GATEWAY must be builtin or stripe, not '" + chosen + "'.");
        }
    }

    /** The gateway of this name, when it can take notifications and refunds (Stripe only when configured). */
    public Optional<HostedCheckout> named(String name) {
        if (BuiltInCheckout.NAME.equals(name)) {
            return Optional.of(builtIn);
        }
        if (StripeCheckout.NAME.equals(name) && settings.stripeConfigured()) {
            return Optional.of(stripe);
        }
        return Optional.empty();
    }
}
