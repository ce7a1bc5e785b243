package io.tenantscreening.orders;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.jurisdictions.AdverseActionRules;
import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.jurisdictions.CriminalScreening;
import io.tenantscreening.jurisdictions.MeasuredFrom;
import io.tenantscreening.jurisdictions.RecordKind;
import io.tenantscreening.jurisdictions.RecordLimit;
import io.tenantscreening.jurisdictions.ScreeningRules;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;

/** TEMPORARY STUB until J's accessor lands. */
@Singleton
public class OrderScreeningRules {
    private final TenantJdbc jdbc;

    public OrderScreeningRules(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    public ScreeningRules of(Tenant tenant, Order order) {
        String zip = jdbc.queryOne(tenant, "SELECT zipcode FROM properties WHERE {tenant} AND id = ?", row -> row.getString(1),
                order.propertyId()).orElse("");
        Citation fcra = new Citation("us", "15 U.S.C. § 1681c(a)(2)");
        List<RecordLimit> limits = new ArrayList<>(List.of(
                new RecordLimit(RecordKind.NON_CONVICTION, false, 7, MeasuredFrom.FILING, fcra),
                new RecordLimit(RecordKind.PENDING, false, 7, MeasuredFrom.FILING, fcra)));
        AdverseActionRules adverse = AdverseActionRules.NONE;
        if (zip.startsWith("9")) {
            Citation ca = new Citation("us-ca", "Cal. Civ. Code § 1786.18(a)(7)");
            limits.add(new RecordLimit(RecordKind.NON_CONVICTION, true, null, null, ca));
            for (RecordKind kind : List.of(RecordKind.FELONY_CONVICTION, RecordKind.MISDEMEANOR_CONVICTION, RecordKind.OTHER_CONVICTION)) {
                limits.add(new RecordLimit(kind, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, ca));
            }
        }
        if (zip.startsWith("10118")) {
            Citation nyc = new Citation("us-ny-new-york-city", "N.Y.C. Admin. Code § 8-107(5)(o)");
            adverse = new AdverseActionRules(true, List.of(), 5, List.of(nyc));
        }
        return new ScreeningRules("stub", List.of("us"), CriminalScreening.STANDARD, List.of(), limits, adverse);
    }
}
