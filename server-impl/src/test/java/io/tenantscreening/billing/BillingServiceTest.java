package io.tenantscreening.billing;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Who the organisation pays for (openapi.yaml#billing: a live order is charged "unless payer
 * is applicant"; "Test mode never charges"; docs/design.md#the-order-and-its-charge: the
 * charge is recorded "unless the applicant pays"): an order the organisation does not pay for
 * records no charge and reaches neither the charges nor the gateway, which is why the
 * service under test has neither (they are null: reaching one would fail). Booking an order
 * without a charge books nothing. How a charge is paid is stored by name.
 */
class BillingServiceTest {

    private static final Tenant TEST = new Tenant("org_1", Mode.TEST);
    private static final Tenant LIVE = new Tenant("org_1", Mode.LIVE);

    private final BillingService billing = new BillingService(null, PriceListTest.operatorsPrices(), null, null,
            Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC));

    @Test
    void aTestOrderIsNeverChargedEvenWhenTheOrganisationPays() {
        assertThat(billing.recordCharge(TEST, "complete", List.of("identity_verification"), true)).isEmpty();
    }

    @Test
    void aLiveOrderTheApplicantPaysForChargesTheOrganisationNothing() {
        assertThat(billing.recordCharge(LIVE, "complete", List.of("identity_verification"), false)).isEmpty();
        assertThat(billing.recordCharge(TEST, "starter", List.of(), false)).isEmpty();
    }

    @Test
    void anOrderWithoutAChargeBooksNothing() {
        assertThatCode(() -> billing.settle(LIVE, ChargePlan.NONE, null, null, "ord_1")).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @EnumSource(ChargePlan.class)
    void aChargePlanIsStoredByItsLowerCaseNameAndReadBack(ChargePlan plan) {
        assertThat(plan.dbValue()).isEqualTo(plan.name().toLowerCase());
        assertThat(ChargePlan.fromDb(plan.dbValue())).isEqualTo(plan);
    }
}
