package io.tenantscreening.billing;

import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Jdbc;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.organizations.OrganizationService;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.util.Locale;
import java.util.Optional;

/**
 * The gateway the service ships with: no card processor, it answers from the payment
 * method state an operator set for the organisation (none, ok, declined, auth_required).
 * Like a processor it keeps what it was asked (builtin_gateway_payments, committed on
 * its own): a repeated reference gets the first outcome, never a second payment.
 */
@Singleton
public class BuiltInGateway implements PaymentGateway {

    private final OrganizationService organizations;
    private final Jdbc jdbc;
    private final Clock clock;

    public BuiltInGateway(OrganizationService organizations, Jdbc jdbc, Clock clock) {
        this.organizations = organizations;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "builtin";
    }

    @Override
    @Transactional(propagation = TransactionDefinition.Propagation.REQUIRES_NEW)
    public Outcome charge(ChargeAttempt attempt) {
        Outcome outcome = switch (organizations.require(attempt.organizationId()).billing().paymentMethod()) {
            case OK -> new Charged(PublicIds.newId("pay"));
            case NONE -> new Refused(Refusal.NO_PAYMENT_METHOD);
            case DECLINED -> new Refused(Refusal.CARD_DECLINED);
            case AUTH_REQUIRED -> new Refused(Refusal.AUTHENTICATION_REQUIRED);
        };
        int inserted = jdbc.update("INSERT INTO builtin_gateway_payments (reference, organization_id, amount_cents, currency, "
                        + "outcome, payment_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                attempt.reference(), attempt.organizationId(), attempt.amountCents(), attempt.currency(),
                outcome instanceof Refused refused ? refused.reason().code() : "charged",
                outcome instanceof Charged charged ? charged.gatewayReference() : null, Timestamps.now(clock));
        // A reference asked before keeps its first outcome: the insert does nothing, and that
        // outcome is read back (it is committed: a concurrent insert of the same reference made
        // this one wait for its commit).
        return inserted == 1 ? outcome : earlier(attempt.reference()).orElseThrow();
    }

    @Override
    @Transactional(propagation = TransactionDefinition.Propagation.REQUIRES_NEW)
    public void refund(String reference) {
        jdbc.update("UPDATE builtin_gateway_payments SET refunded_at = coalesce(refunded_at, ?) WHERE reference = ? "
                + "AND outcome = 'charged'", Timestamps.now(clock), reference);
    }

    private Optional<Outcome> earlier(String reference) {
        return jdbc.queryOne("SELECT outcome, payment_id FROM builtin_gateway_payments WHERE reference = ?",
                row -> row.getString(1).equals("charged") ? new Charged(row.getString(2))
                        : new Refused(Refusal.valueOf(row.getString(1).toUpperCase(Locale.ROOT))),
                reference);
    }
}
