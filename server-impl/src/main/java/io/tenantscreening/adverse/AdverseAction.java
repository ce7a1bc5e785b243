package io.tenantscreening.adverse;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * An adverse action as stored: the decision about the applicant of a completed order, the
 * report it was based on, the path of its notices and where it stands. {@code conditions}
 * is null for a denial; the response window's members are null on the final path;
 * each timestamp is null until its state is reached; {@code assessment} is null unless an
 * individualized assessment was given.
 */
public record AdverseAction(String id, Mode mode, String orderId, String reportId, Decision decision, String conditions,
                            List<String> reasons, Path path, Status status, Integer responseDays, Instant responseDeadline,
                            Instant preAdverseNoticeSentAt, Instant adverseActionNoticeSentAt, Instant createdAt,
                            Instant completedAt, Instant canceledAt, Assessment assessment) implements KeysetPager.Positioned {

    /** The individualized assessment a landlord gives: the factors they considered, and how they weighed them. */
    public record Assessment(List<String> factors, String explanation) {

        public Assessment {
            factors = List.copyOf(factors);
        }
    }

    /** Denied, or approved only on conditions. */
    public enum Decision {
        DECLINE, CONDITIONAL;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Decision of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /** The notices' path: the adverse action notice at once, or a pre-adverse notice and a response window first. */
    public enum Path {
        FINAL, PRE_ADVERSE;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Path of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /** pending (the response window runs) → completed (the adverse action notice went) or canceled. */
    public enum Status {
        PENDING, COMPLETED, CANCELED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Status of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }
}
