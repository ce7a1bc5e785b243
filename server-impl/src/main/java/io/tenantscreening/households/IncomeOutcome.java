package io.tenantscreening.households;

/**
 * What a member's income check says, for the household decision: a verified monthly income,
 * an income the check could not verify, or no income to go by (the order does not include the
 * income_verification add-on, the check is withheld, or a dispute deleted its findings).
 */
public sealed interface IncomeOutcome {

    /** The verified gross monthly income, in cents. */
    record Verified(long monthlyCents) implements IncomeOutcome {
    }

    /** The check completed but could not verify an income. */
    record NotVerified() implements IncomeOutcome {
    }

    /** No finding to go by: the add-on was not ordered, the check is withheld, or its findings were deleted after a dispute. */
    record NotAvailable() implements IncomeOutcome {
    }
}
