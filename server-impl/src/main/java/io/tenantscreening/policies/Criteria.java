package io.tenantscreening.policies;

import java.math.BigDecimal;

/**
 * What a policy measures reports against; a criterion left out is null
 * ({@code requireIdentityVerified}: false). {@code evictionLookbackYears} is set exactly
 * when {@code maxEvictions} is; {@code criminalLookbackYears} 0 or null leaves criminal
 * records out; the ratios have two decimals. {@code minGuarantorIncomeToRentRatio} is set only
 * with {@code minIncomeToRentRatio} and only rental applications use it (a guarantor covering a
 * household's pooled income); a report's own recommendation ignores it.
 */
public record Criteria(Integer minCreditScore, Integer maxEvictions, Integer evictionLookbackYears,
                       Integer criminalLookbackYears, BigDecimal minIncomeToRentRatio, boolean requireIdentityVerified,
                       BigDecimal minGuarantorIncomeToRentRatio) {

    /** How many years back eviction records count when a policy sets a maximum without saying. */
    public static final int DEFAULT_EVICTION_LOOKBACK_YEARS = 7;

    /** Whether criminal records play a part. */
    public boolean considersCriminalRecords() {
        return criminalLookbackYears != null && criminalLookbackYears > 0;
    }
}
