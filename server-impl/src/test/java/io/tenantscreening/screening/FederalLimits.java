package io.tenantscreening.screening;

import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.MeasuredFrom;
import io.tenantscreening.jurisdictions.RecordKind;
import io.tenantscreening.jurisdictions.RecordLimit;

import java.util.List;

/** Test fixture: the federal limits on criminal records (FCRA section 605(a)(2), (a)(5)) as record limits. */
public final class FederalLimits {

    public static final Citation FCRA = new Citation("us", "15 U.S.C. § 1681c(a)(2)");
    public static final List<RecordLimit> LIMITS = List.of(
            new RecordLimit(RecordKind.NON_CONVICTION, false, 7, MeasuredFrom.FILING, FCRA),
            new RecordLimit(RecordKind.PENDING, false, 7, MeasuredFrom.FILING, FCRA));

    private FederalLimits() {
    }
}
