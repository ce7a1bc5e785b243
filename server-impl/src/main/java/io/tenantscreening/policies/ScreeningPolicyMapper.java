package io.tenantscreening.policies;

import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.ScreeningCriteriaInput;
import io.tenantscreening.api.model.ScreeningPolicyInput;
import io.tenantscreening.api.model.ScreeningPolicyList;
import io.tenantscreening.api.model.ScreeningPolicyObject;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Text;
import io.tenantscreening.errors.Violations;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import org.openapitools.jackson.nullable.JsonNullable;

import java.math.BigDecimal;

/**
 * Translates between the generated API models and screening policies. Reading a request, it
 * checks what the schema cannot say: an eviction lookback needs a maximum of evictions (and
 * a maximum without a lookback counts back {@value Criteria#DEFAULT_EVICTION_LOOKBACK_YEARS} years),
 * and a guarantor's income ratio needs the income ratio.
 */
final class ScreeningPolicyMapper {

    private static final String CRITERIA = "/screening_policy/criteria/";

    private ScreeningPolicyMapper() {
    }

    static ScreeningPolicyService.NewPolicy toNewPolicy(ScreeningPolicyInput input) {
        return new ScreeningPolicyService.NewPolicy(Text.trim(input.getName()), criteria(input.getCriteria()),
                Boolean.TRUE.equals(input.getDefault()));
    }

    private static Criteria criteria(ScreeningCriteriaInput input) {
        if (input == null) {
            return new Criteria(null, null, null, null, null, false, null);
        }
        Integer maxEvictions = value(input.getMaxEvictions());
        Integer lookback = value(input.getEvictionLookbackYears());
        Double ratio = value(input.getMinIncomeToRentRatio());
        Double guarantorRatio = value(input.getMinGuarantorIncomeToRentRatio());
        Violations violations = new Violations();
        if (lookback != null && maxEvictions == null) {
            violations.add(CRITERIA + "eviction_lookback_years", "Only counts with max_evictions: send max_evictions too, "
                    + "or leave eviction_lookback_years out.");
        }
        if (guarantorRatio != null && ratio == null) {
            violations.add(CRITERIA + "min_guarantor_income_to_rent_ratio", "Only counts with min_income_to_rent_ratio "
                    + "(a guarantor covers a household's income below it): send min_income_to_rent_ratio too, or leave "
                    + "min_guarantor_income_to_rent_ratio out.");
        }
        violations.throwIfAny();
        return new Criteria(value(input.getMinCreditScore()), maxEvictions,
                maxEvictions == null ? null : lookback == null ? Criteria.DEFAULT_EVICTION_LOOKBACK_YEARS : lookback,
                value(input.getCriminalLookbackYears()), decimal(ratio),
                Boolean.TRUE.equals(value(input.getRequireIdentityVerified())), decimal(guarantorRatio));
    }

    static io.tenantscreening.api.model.ScreeningPolicy toApi(ScreeningPolicy policy) {
        Criteria criteria = policy.criteria();
        return new io.tenantscreening.api.model.ScreeningPolicy()
                .id(policy.id())
                ._object(ScreeningPolicyObject.SCREENING_POLICY)
                .liveMode(policy.mode() == Mode.LIVE)
                .name(policy.name())
                ._default(policy.isDefault())
                .criteria(new io.tenantscreening.api.model.ScreeningCriteria()
                        .minCreditScore(JsonNullable.of(criteria.minCreditScore()))
                        .maxEvictions(JsonNullable.of(criteria.maxEvictions()))
                        .evictionLookbackYears(JsonNullable.of(criteria.evictionLookbackYears()))
                        .criminalLookbackYears(JsonNullable.of(criteria.criminalLookbackYears()))
                        .minIncomeToRentRatio(JsonNullable.of(number(criteria.minIncomeToRentRatio())))
                        .minGuarantorIncomeToRentRatio(JsonNullable.of(number(criteria.minGuarantorIncomeToRentRatio())))
                        .requireIdentityVerified(JsonNullable.of(criteria.requireIdentityVerified())))
                .createdAt(policy.createdAt())
                .archivedAt(policy.archivedAt());
    }

    static ScreeningPolicyList toApi(Page<ScreeningPolicy> page, ListLinks.PageLinks links) {
        return new ScreeningPolicyList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(ScreeningPolicyMapper::toApi).toList());
    }

    private static BigDecimal decimal(Double ratio) {
        return ratio == null ? null : BigDecimal.valueOf(ratio);
    }

    private static Double number(BigDecimal ratio) {
        return ratio == null ? null : ratio.doubleValue();
    }

    /** A criterion as sent: null when left out or sent as null. */
    private static <T> T value(JsonNullable<T> member) {
        return member == null || !member.isPresent() ? null : member.get();
    }
}
