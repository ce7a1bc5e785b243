package io.tenantscreening.households;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.Payer;

import java.time.Instant;
import java.util.List;

/**
 * A household's rental application as stored, with its members in the order they were added
 * (removed ones included). {@code addOnProducts} is sorted; {@code screeningPolicyId} and
 * {@code monthlyRent} (cents) are null when none applied or none was given.
 */
public record RentalApplication(String id, Mode mode, RentalApplicationStatus status, String propertyId, String packageSlug,
                                List<String> addOnProducts, Payer payer, String screeningPolicyId, Long monthlyRent,
                                Instant createdAt, Instant completedAt, Instant canceledAt, List<Member> members)
        implements KeysetPager.Positioned {

    public RentalApplication {
        addOnProducts = List.copyOf(addOnProducts);
        members = List.copyOf(members);
    }

    /**
     * One member: the order that screens them, its applicant and status, their role, and when
     * they were added and removed (null while a member).
     */
    public record Member(int position, String orderId, String applicantId, MemberRole role, OrderStatus orderStatus,
                         Instant addedAt, Instant removedAt) {

        /** Whether the member counts: not removed, and its order not canceled. */
        public boolean counts() {
            return removedAt == null && orderStatus != OrderStatus.CANCELED;
        }
    }

    /** The members that count (see {@link Member#counts}), in order. */
    public List<Member> counted() {
        return members.stream().filter(Member::counts).toList();
    }

    /**
     * The status the members' orders call for, from {@code collecting} or {@code completed}:
     * canceled when no applicant or co-applicant counts any more, completed when every
     * counted member's order is completed, collecting otherwise.
     */
    public RentalApplicationStatus statusOfMembers() {
        List<Member> counted = counted();
        if (counted.stream().noneMatch(member -> member.role().earner())) {
            return RentalApplicationStatus.CANCELED;
        }
        return counted.stream().allMatch(member -> member.orderStatus() == OrderStatus.COMPLETED)
                ? RentalApplicationStatus.COMPLETED : RentalApplicationStatus.COLLECTING;
    }
}
