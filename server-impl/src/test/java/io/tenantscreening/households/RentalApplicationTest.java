package io.tenantscreening.households;

import io.tenantscreening.common.Mode;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.Payer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml, Households under Rental applications: a member counts while not removed and
 * its order not canceled; the application is completed when every counted member's order is
 * completed and an applicant or co-applicant counts, canceled when none does.
 */
class RentalApplicationTest {

    private static final Instant AT = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void collectingWhileACountedMembersOrderIsNotCompleted() {
        assertThat(of(member(MemberRole.APPLICANT, OrderStatus.COMPLETED, false),
                member(MemberRole.GUARANTOR, OrderStatus.PENDING, false)).statusOfMembers())
                .isEqualTo(RentalApplicationStatus.COLLECTING);
        assertThat(of(member(MemberRole.APPLICANT, OrderStatus.WAITING_FOR_APPLICANT, false)).statusOfMembers())
                .isEqualTo(RentalApplicationStatus.COLLECTING);
    }

    @Test
    void completedWhenEveryCountedMembersOrderIsCompleted() {
        assertThat(of(member(MemberRole.APPLICANT, OrderStatus.COMPLETED, false),
                member(MemberRole.CO_APPLICANT, OrderStatus.CANCELED, false),
                member(MemberRole.GUARANTOR, OrderStatus.PENDING, true),
                member(MemberRole.GUARANTOR, OrderStatus.COMPLETED, false)).statusOfMembers())
                .isEqualTo(RentalApplicationStatus.COMPLETED);
    }

    @Test
    void canceledWhenNoApplicantOrCoApplicantCounts() {
        RentalApplication application = of(member(MemberRole.APPLICANT, OrderStatus.CANCELED, false),
                member(MemberRole.CO_APPLICANT, OrderStatus.COMPLETED, true),
                member(MemberRole.GUARANTOR, OrderStatus.COMPLETED, false));
        assertThat(application.counted()).extracting(RentalApplication.Member::role).containsExactly(MemberRole.GUARANTOR);
        assertThat(application.statusOfMembers()).isEqualTo(RentalApplicationStatus.CANCELED);
    }

    private static RentalApplication.Member member(MemberRole role, OrderStatus status, boolean removed) {
        return new RentalApplication.Member(0, "ord_test_" + role + status, "apl_test_" + role, role, status, AT,
                removed ? AT : null);
    }

    private static RentalApplication of(RentalApplication.Member... members) {
        return new RentalApplication("rap_test_1", Mode.TEST, RentalApplicationStatus.COLLECTING, "prop_test_1", "essential",
                List.of(), Payer.ORGANIZATION, null, null, AT, null, null, new ArrayList<>(List.of(members)));
    }
}
