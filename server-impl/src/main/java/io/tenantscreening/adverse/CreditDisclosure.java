package io.tenantscreening.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.notices.CreditScoreDisclosure;
import io.tenantscreening.reports.Report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The credit score an adverse action notice discloses, from the report's credit check: none
 * when the report has no credit check or its file was too thin to score. The score and its
 * model as the check reported them; the range 300 to 850, that of every model the
 * providers report (VantageScore 4.0); the date, when the report was completed; the
 * source, the check's provider.
 * <p>
 * The key factors are derived from the check's summary of the applicant's accounts, the
 * same way for every report, at most four, in this order:
 * <ol>
 *   <li>delinquent accounts, when at least one account is delinquent;</li>
 *   <li>the amount owed, when the balances add up to {@value #HIGH_BALANCE_DOLLARS} dollars or more;</li>
 *   <li>few accounts, when the file has fewer than {@value #FEW_ACCOUNTS};</li>
 *   <li>open accounts, when {@value #MANY_OPEN_ACCOUNTS} or more are open.</li>
 * </ol>
 * When none of these holds, the one factor is the number of accounts on file.
 */
final class CreditDisclosure {

    static final int LOWEST_SCORE = 300;
    static final int HIGHEST_SCORE = 850;
    static final long HIGH_BALANCE_DOLLARS = 10_000;
    static final int FEW_ACCOUNTS = 5;
    static final int MANY_OPEN_ACCOUNTS = 4;

    private static final String CREDIT = "credit";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CreditDisclosure() {
    }

    /** The disclosure of the report's credit score; null when it has none. */
    static CreditScoreDisclosure of(Report report) {
        Report.CheckResult credit = report.checks().stream().filter(check -> check.type().equals(CREDIT)).findFirst().orElse(null);
        if (credit == null) {
            return null;
        }
        JsonNode details = read(credit.details());
        if (!details.path("score").isInt()) {
            return null;
        }
        return new CreditScoreDisclosure(details.get("score").asInt(), details.get("score_model").asText(), LOWEST_SCORE,
                HIGHEST_SCORE, report.completedAt(), credit.provider(), keyFactors(details.get("tradelines")));
    }

    static List<String> keyFactors(JsonNode tradelines) {
        int total = tradelines.get("total").asInt();
        int open = tradelines.get("open").asInt();
        int delinquent = tradelines.get("delinquent").asInt();
        long balanceCents = tradelines.get("total_balance_cents").asLong();
        List<String> factors = new ArrayList<>();
        if (delinquent > 0) {
            factors.add("Accounts reported as delinquent: " + delinquent + " of " + total);
        }
        if (balanceCents >= HIGH_BALANCE_DOLLARS * 100) {
            factors.add("Amount owed on accounts: " + dollars(balanceCents));
        }
        if (total < FEW_ACCOUNTS) {
            factors.add("Few accounts on file: " + total);
        }
        if (open >= MANY_OPEN_ACCOUNTS) {
            factors.add("Number of open accounts: " + open);
        }
        if (factors.isEmpty()) {
            factors.add("Number of accounts on file: " + total);
        }
        return List.copyOf(factors);
    }

    private static String dollars(long cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents / 100.0);
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
