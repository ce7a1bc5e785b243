package io.tenantscreening.screening;

import io.tenantscreening.policies.Criteria;
import io.tenantscreening.policies.ReasonCode;
import io.tenantscreening.policies.Recommendation;
import io.tenantscreening.policies.ScreeningPolicy;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures a report's findings against a screening policy (the contract's section
 * Decisions, under the tag Screening policies): one reason per criterion that is not met or
 * cannot be decided, in the order of the report's checks, and the most serious reason's
 * decision. A criterion whose check
 * the order does not include, or whose findings a dispute deleted ({@link Findings.Deleted}),
 * is {@code check_not_ordered}, and so is one held until the landlord's conditional offer
 * ({@link Findings.Withheld}); one the law of the property's place does not allow is left out:
 * it gives no reason. A court record counts when it
 * was filed on or after the same day the criterion's number of years before the report's
 * day. A pure function of its arguments: the same findings and policy always give the same
 * recommendation.
 */
public final class Recommender {

    private Recommender() {
    }

    /**
     * The recommendation for an order's report. {@code ordered} are the order's checks and
     * {@code findings} holds the findings of each; {@code monthlyRentCents} may be null
     * unless the policy has an income-to-rent ratio (orders with such a policy are placed
     * with a rent).
     */
    public static Recommendation recommend(ScreeningPolicy policy, List<CheckType> ordered, Map<CheckType, Findings> findings,
                                           Long monthlyRentCents, LocalDate reportDate) {
        Criteria criteria = policy.criteria();
        List<Recommendation.Reason> reasons = new ArrayList<>();
        for (CheckType check : CheckType.values()) {
            if (!needs(criteria, check)) {
                continue;
            }
            if (!ordered.contains(check)) {
                reasons.add(reason(ReasonCode.CHECK_NOT_ORDERED, check, notOrdered(check)));
                continue;
            }
            Findings found = findings.get(check);
            if (found == null) {
                throw new IllegalArgumentException("no findings of the " + check.value() + " check the order includes");
            }
            if (found instanceof Findings.Withheld withheld) {
                if (withheld.allowedLater()) {
                    reasons.add(reason(ReasonCode.CHECK_NOT_ORDERED, check, "The policy needs the " + check.value()
                            + " check, which is held until the landlord's conditional offer, so it is decided as for a check "
                            + "not ordered until the check completes."));
                }
                continue;
            }
            if (found instanceof Findings.Deleted) {
                reasons.add(reason(ReasonCode.CHECK_NOT_ORDERED, check, "The policy needs the " + check.value()
                        + " check, whose findings were deleted after the applicant disputed them, so it is decided as for a "
                        + "check not ordered."));
                continue;
            }
            switch (check) {
                case CREDIT -> credit(criteria, (Findings.CreditFile) found, reasons);
                case EVICTION -> evictions(criteria, (Findings.CourtRecords) found, reportDate, reasons);
                case CRIMINAL -> criminalRecords(criteria, (Findings.CourtRecords) found, reportDate, reasons);
                case IDENTITY_VERIFICATION -> identity((Findings.IdentityFindings) found, reasons);
                case INCOME_VERIFICATION -> income(criteria, (Findings.IncomeFindings) found, monthlyRentCents, reasons);
            }
        }
        return Recommendation.of(policy, reasons);
    }

    /** Whether one of the policy's criteria is decided by this check. */
    private static boolean needs(Criteria criteria, CheckType check) {
        return switch (check) {
            case CREDIT -> criteria.minCreditScore() != null;
            case EVICTION -> criteria.maxEvictions() != null;
            case CRIMINAL -> criteria.considersCriminalRecords();
            case IDENTITY_VERIFICATION -> criteria.requireIdentityVerified();
            case INCOME_VERIFICATION -> criteria.minIncomeToRentRatio() != null;
        };
    }

    private static String notOrdered(CheckType check) {
        return switch (check) {
            case CREDIT -> "The policy's minimum credit score needs the credit check, which the order does not include.";
            case EVICTION -> "The policy's maximum of evictions needs the eviction check (package essential or complete), "
                    + "which the order does not include.";
            case CRIMINAL -> "The policy's criminal lookback needs the criminal check (package complete), "
                    + "which the order does not include.";
            case IDENTITY_VERIFICATION -> "The policy requires a verified identity, which needs the identity_verification "
                    + "add-on the order does not include.";
            case INCOME_VERIFICATION -> "The policy's income-to-rent ratio needs the income_verification add-on, "
                    + "which the order does not include.";
        };
    }

    private static void credit(Criteria criteria, Findings.CreditFile file, List<Recommendation.Reason> reasons) {
        int minimum = criteria.minCreditScore();
        if (file.score() == null) {
            reasons.add(reason(ReasonCode.CREDIT_FILE_TOO_THIN, CheckType.CREDIT, "The credit file is too thin to score, "
                    + "so it cannot be compared with the policy's minimum of " + minimum + "."));
        } else if (file.score() < minimum) {
            reasons.add(reason(ReasonCode.CREDIT_SCORE_BELOW_MINIMUM, CheckType.CREDIT, "The credit score " + file.score()
                    + " is below the policy's minimum of " + minimum + "."));
        }
    }

    private static void evictions(Criteria criteria, Findings.CourtRecords found, LocalDate reportDate,
                                  List<Recommendation.Reason> reasons) {
        int years = criteria.evictionLookbackYears();
        long counted = within(found, years, reportDate);
        if (counted > criteria.maxEvictions()) {
            reasons.add(reason(ReasonCode.EVICTIONS_ABOVE_MAXIMUM, CheckType.EVICTION, counted + " eviction "
                    + plural(counted, "record") + " filed within " + years + " " + plural(years, "year")
                    + "; the policy allows " + criteria.maxEvictions() + "."));
        }
    }

    private static void criminalRecords(Criteria criteria, Findings.CourtRecords found, LocalDate reportDate,
                                        List<Recommendation.Reason> reasons) {
        int years = criteria.criminalLookbackYears();
        long counted = within(found, years, reportDate);
        if (counted > 0) {
            reasons.add(reason(ReasonCode.CRIMINAL_RECORD_IN_LOOKBACK, CheckType.CRIMINAL, counted + " criminal "
                    + plural(counted, "record") + " filed within " + years + " " + plural(years, "year")
                    + ", the policy's lookback; a person should review " + (counted == 1 ? "it" : "them") + "."));
        }
    }

    private static void identity(Findings.IdentityFindings found, List<Recommendation.Reason> reasons) {
        if (!found.identityVerified()) {
            reasons.add(reason(ReasonCode.IDENTITY_NOT_VERIFIED, CheckType.IDENTITY_VERIFICATION,
                    "The applicant's identity was not verified; the policy requires a verified identity."));
        }
    }

    private static void income(Criteria criteria, Findings.IncomeFindings found, Long monthlyRentCents,
                               List<Recommendation.Reason> reasons) {
        if (monthlyRentCents == null) {
            throw new IllegalArgumentException("a policy with an income-to-rent ratio needs the order's monthly rent");
        }
        BigDecimal ratio = criteria.minIncomeToRentRatio();
        BigDecimal required = ratio.multiply(BigDecimal.valueOf(monthlyRentCents));
        String wanted = ratio.stripTrailingZeros().toPlainString() + " times the monthly rent of " + dollars(monthlyRentCents)
                + " (" + dollars(required) + ")";
        Long income = found.verifiedMonthlyIncomeCents();
        if (income == null) {
            reasons.add(reason(ReasonCode.INCOME_NOT_VERIFIED, CheckType.INCOME_VERIFICATION,
                    "The income could not be verified, so it cannot be compared with " + wanted + "."));
        } else if (BigDecimal.valueOf(income).compareTo(required) < 0) {
            reasons.add(reason(ReasonCode.INCOME_BELOW_RATIO, CheckType.INCOME_VERIFICATION, "The verified monthly income of "
                    + dollars(income) + " is below " + wanted + "."));
        }
    }

    /** How many of the records were filed on or after the day {@code years} before the report's day. */
    private static long within(Findings.CourtRecords found, int years, LocalDate reportDate) {
        LocalDate since = reportDate.minusYears(years);
        return found.records().stream().filter(record -> !record.filedOn().isBefore(since)).count();
    }

    private static Recommendation.Reason reason(ReasonCode code, CheckType check, String detail) {
        return new Recommendation.Reason(code, check.value(), detail);
    }

    private static String plural(long count, String noun) {
        return count == 1 ? noun : noun + "s";
    }

    private static String dollars(long cents) {
        return dollars(BigDecimal.valueOf(cents));
    }

    private static String dollars(BigDecimal cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents.movePointLeft(2).setScale(2, RoundingMode.HALF_UP));
    }
}
