package io.tenantscreening.screening;

import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.jurisdictions.RuleBook;

import java.util.List;

/**
 * Test fixture: the federal limits on criminal records (FCRA section 605(a)(2), (a)(5)) as the
 * bundled rule data states them, which orders without rules of their own are screened under.
 */
public final class FederalLimits {

    public static final List<RecordLimit> LIMITS = RuleBook.bundled().federalDefault().recordLimits();
    public static final Citation FCRA = new Citation("us", "15 U.S.C. § 1681c(a)(2), (a)(5)");

    private FederalLimits() {
    }
}
