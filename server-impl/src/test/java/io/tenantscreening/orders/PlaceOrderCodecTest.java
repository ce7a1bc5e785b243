package io.tenantscreening.orders;

import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.applicants.Ssn;
import io.tenantscreening.properties.PropertyAddress;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * POST /orders, rules 7, 10 and 11 across a takeover: the stored request of a live placement
 * keeps the screening policy and the monthly rent, so the request that finishes it places
 * the same order; requests stored before those members existed read back without them.
 */
class PlaceOrderCodecTest {

    @Test
    void theStoredRequestKeepsThePolicyAndTheRent() {
        PlaceOrder order = new PlaceOrder("complete", List.of("identity_verification", "income_verification"), Payer.ORGANIZATION,
                null, new PropertyAddress("Oak Court", "12 Oak Street", "#4B", "Austin", "TX", "78701"),
                null, new NewApplicant("Jamie", "Rivera", "jamie@example.com", LocalDate.of(1990, 4, 12), null,
                Ssn.parse("123-45-6789")), null, null, "pol_8Kd2Lm4Np6Qr8St1Uv3Wx5Yz", 150_000L);

        PlaceOrder read = PlaceOrderCodec.read(PlaceOrderCodec.write(order));

        assertThat(read.screeningPolicyId()).isEqualTo("pol_8Kd2Lm4Np6Qr8St1Uv3Wx5Yz");
        assertThat(read.monthlyRent()).isEqualTo(150_000L);
        assertThat(read.applicant().ssn().digits()).isEqualTo("123456789");
        assertThat(read.property()).isEqualTo(order.property());
        assertThat(read.addOnProducts()).isEqualTo(order.addOnProducts());
    }

    @Test
    void aRequestWithoutPolicyOrRentReadsBackWithout() {
        PlaceOrder order = new PlaceOrder("starter", List.of(), Payer.APPLICANT, "pr_x", null, "ap_x", null, "req_x", null,
                null, null);

        assertThat(PlaceOrderCodec.read(PlaceOrderCodec.write(order))).isEqualTo(order);
    }

    @Test
    void aRequestStoredByTheFirstVersionReadsWithoutPolicyOrRent() {
        String stored = "{\"v\":1,\"package\":\"essential\",\"payer\":\"organization\",\"property_id\":\"pr_x\","
                + "\"applicant_id\":\"ap_x\",\"requester_id\":null,\"add_ons\":[]}";

        PlaceOrder read = PlaceOrderCodec.read(stored.getBytes(StandardCharsets.UTF_8));

        assertThat(read).isEqualTo(new PlaceOrder("essential", List.of(), Payer.ORGANIZATION, "pr_x", null, "ap_x", null, null,
                null, null, null));
    }

    @Test
    void aRequestOfAnUnknownVersionIsRefused() {
        assertThatThrownBy(() -> PlaceOrderCodec.read("{\"v\":3,\"package\":\"essential\"}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalStateException.class);
    }
}
