package io.tenantscreening.households;

import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.applicants.Ssn;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.properties.PropertyAddress;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * POST /rental_applications, rule 7, and POST /rental_applications/{id}/members, rule 5,
 * across a takeover: the stored request of a live placement reads back as it was checked,
 * so the holder that finishes it creates the same application, or adds the same member.
 */
class HouseholdRequestCodecTest {

    @Test
    void anApplicationReadsBackWithItsTermsAndMembersInOrder() {
        NewRentalApplication application = new NewRentalApplication("complete", List.of("income_verification"),
                Payer.ORGANIZATION, null, new PropertyAddress("Oak Court", "12 Oak Street", "#4B", "Austin", "TX", "78701"),
                "pol_8Kd2Lm4Np6Qr8St1Uv3Wx5Yz", 300_000L, List.of(
                new NewRentalApplication.NewMember(MemberRole.APPLICANT, null, new NewApplicant("Jamie", "Rivera",
                        "jamie@example.com", LocalDate.of(1990, 4, 12), null, Ssn.parse("123-45-6789"))),
                new NewRentalApplication.NewMember(MemberRole.GUARANTOR, "ap_x", null)));

        NewRentalApplication read = HouseholdRequestCodec.readApplication(HouseholdRequestCodec.write(application));

        assertThat(read).usingRecursiveComparison().isEqualTo(application);
    }

    @Test
    void aMemberToAddReadsBackWithItsApplication() {
        HouseholdRequestCodec.AddMember addition = new HouseholdRequestCodec.AddMember("rap_x",
                new NewRentalApplication.NewMember(MemberRole.CO_APPLICANT, null,
                        new NewApplicant("Sam", "Okafor", "sam@example.com", null, "+15125550100", null)));

        assertThat(HouseholdRequestCodec.readAddMember(HouseholdRequestCodec.write(addition))).isEqualTo(addition);
    }

    @Test
    void aRequestOfAnUnknownVersionIsRefusedRatherThanMisread() {
        byte[] stored = "{\"v\":2,\"rental_application_id\":\"rap_x\"}".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> HouseholdRequestCodec.readAddMember(stored)).isInstanceOf(IllegalStateException.class);
    }
}
