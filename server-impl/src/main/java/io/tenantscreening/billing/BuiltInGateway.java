package io.tenantscreening.billing;

import io.micronaut.data.connection.annotation.Connectable;
import io.micronaut.transaction.TransactionDefinition;
import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import io.tenantscreening.persistence.Jdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The gateway the service ships with: no card processor, it answers from the payment
 * method state an operator set for the organisation (none, ok, declined, auth_required).
 * Like a processor it keeps what it was asked (builtin_gateway_payments, committed on
 * its own): a repeated reference gets the first outcome, never a second payment.
 */
@Singleton
public class BuiltInGateway implements PaymentGateway {

    private static final String CHARGED = "charged";

    /** The outcome (column outcome) of a charge for each payment method state, as SQL over billing_settings. */
    private static final String OUTCOME_OF_PAYMENT_METHOD = Arrays.stream(PaymentMethod.values())
            .map(method -> "WHEN '" + method.dbValue() + "' THEN '" + outcome(method) + "'")
            .collect(Collectors.joining(" ", "CASE payment_method ", " END"));

    private final Jdbc jdbc;
    private final Clock clock;

    public BuiltInGateway(Jdbc jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "builtin";
    }

    /**
     * One statement, committed on its own (no transaction, so no extra round trips): the
     * outcome follows from the organisation's payment method as it stands, and is recorded
     * with the reference unless the reference was asked before. A reference asked before
     * keeps its first outcome: the insert does nothing, and that outcome is read back (it is
     * committed: a concurrent insert of the same reference made this one wait for its commit).
     */
    @Override
    @Connectable
    public Outcome charge(ChargeAttempt attempt) {
        return jdbc.queryOne("INSERT INTO builtin_gateway_payments (reference, organization_id, amount_cents, currency, outcome, "
                        + "payment_id, created_at) "
                        + "SELECT ?, organization_id, ?, ?, outcome, CASE WHEN outcome = '" + CHARGED + "' THEN ? END, ? FROM ("
                        + "SELECT organization_id, " + OUTCOME_OF_PAYMENT_METHOD + " AS outcome "
                        + "FROM billing_settings WHERE organization_id = ?) AS billing "
                        + "ON CONFLICT DO NOTHING RETURNING outcome, payment_id",
                        BuiltInGateway::outcome, attempt.reference(), attempt.amountCents(), attempt.currency(),
                        PublicIds.newId("pay"), Timestamps.now(clock), attempt.organizationId())
                .or(() -> jdbc.queryOne("SELECT outcome, payment_id FROM builtin_gateway_payments WHERE reference = ?",
                        BuiltInGateway::outcome, attempt.reference()))
                .orElseThrow(() -> new IllegalStateException("organization " + attempt.organizationId() + " has no billing settings"));
    }

    @Override
    @Transactional(propagation = TransactionDefinition.Propagation.REQUIRES_NEW)
    public void refund(String reference) {
        jdbc.update("UPDATE builtin_gateway_payments SET refunded_at = coalesce(refunded_at, ?) WHERE reference = ? "
                + "AND outcome = '" + CHARGED + "'", Timestamps.now(clock), reference);
    }

    /** The outcome (column outcome) of a charge for an organisation with this payment method state. */
    static String outcome(PaymentMethod method) {
        return switch (method) {
            case OK -> CHARGED;
            case NONE -> Refusal.NO_PAYMENT_METHOD.code();
            case DECLINED -> Refusal.CARD_DECLINED.code();
            case AUTH_REQUIRED -> Refusal.AUTHENTICATION_REQUIRED.code();
        };
    }

    private static Outcome outcome(ResultSet row) throws SQLException {
        return outcome(row.getString(1), row.getString(2));
    }

    /** A recorded outcome (column outcome) and its payment id as the gateway answers it. */
    static Outcome outcome(String recorded, String paymentId) {
        return recorded.equals(CHARGED) ? new Charged(paymentId) : new Refused(Refusal.valueOf(recorded.toUpperCase(Locale.ROOT)));
    }
}
