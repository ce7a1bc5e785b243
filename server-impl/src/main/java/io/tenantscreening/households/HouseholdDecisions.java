package io.tenantscreening.households;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.policies.ScreeningPolicyService;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportService;
import io.tenantscreening.screening.CheckType;
import io.tenantscreening.screening.Findings;
import io.tenantscreening.screening.Reinvestigations;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The household recommendation of a completed rental application with a policy (the
 * contract's Household decisions), worked out from the newest report of each counted member:
 * its own recommendation and its income findings, measured by {@link HouseholdRecommender}.
 * In the caller's transaction or connection.
 */
@Singleton
public class HouseholdDecisions {

    private final ScreeningPolicyService policies;
    private final ReportService reports;

    public HouseholdDecisions(ScreeningPolicyService policies, ReportService reports) {
        this.policies = policies;
        this.reports = reports;
    }

    /** Null unless the application is completed and has a policy. */
    public HouseholdRecommendation of(Tenant tenant, RentalApplication application) {
        if (application.status() != RentalApplicationStatus.COMPLETED || application.screeningPolicyId() == null) {
            return null;
        }
        List<RentalApplication.Member> counted = application.counted();
        Map<String, Report> ofMembers = reports.forOrders(tenant, counted.stream().map(RentalApplication.Member::orderId).toList());
        List<MemberOutcome> members = new ArrayList<>();
        for (RentalApplication.Member member : counted) {
            Report report = ofMembers.get(member.orderId());
            members.add(new MemberOutcome(member.orderId(), member.role(), report.recommendation(), income(report)));
        }
        return HouseholdRecommender.recommend(policies.get(tenant, application.screeningPolicyId()), application.monthlyRent(),
                members);
    }

    /** The member's income as its report states it: verified, not verified, or not available (not ordered, held, deleted). */
    private static IncomeOutcome income(Report report) {
        for (Report.CheckResult check : report.checks()) {
            if (CheckType.of(check.type()) == CheckType.INCOME_VERIFICATION) {
                if (Reinvestigations.findings(check) instanceof Findings.IncomeFindings income) {
                    return income.verifiedMonthlyIncomeCents() == null ? new IncomeOutcome.NotVerified()
                            : new IncomeOutcome.Verified(income.verifiedMonthlyIncomeCents());
                }
                return new IncomeOutcome.NotAvailable();
            }
        }
        return new IncomeOutcome.NotAvailable();
    }
}
