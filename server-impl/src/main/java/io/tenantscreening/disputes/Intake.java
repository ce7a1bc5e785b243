package io.tenantscreening.disputes;

import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * How a dispute reached the agency, and when (FCRA section 611(a)(1)(A): the reinvestigation
 * period begins on the date the agency receives the notice of the dispute): online, on the
 * consumer's copy of their report, received as it is opened; or by mail or telephone, which
 * the agency's staff record afterwards with the day and time it was received.
 */
public record Intake(Channel channel, Instant receivedAt) {

    /** Where a dispute came from. */
    public enum Channel {
        ONLINE, MAIL, TELEPHONE;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Channel of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    /** A dispute opened on the consumer's copy of their report, received as it is opened. */
    public static Intake online() {
        return new Intake(Channel.ONLINE, null);
    }

    /** A dispute by mail or telephone, received at {@code receivedAt}, recorded by the agency's staff. */
    public static Intake byStaff(Channel channel, Instant receivedAt) {
        if (channel == Channel.ONLINE || receivedAt == null) {
            throw new IllegalArgumentException("staff record disputes received by mail or telephone, with when they were received");
        }
        return new Intake(channel, receivedAt);
    }

    /**
     * When the agency received the dispute, from which its reinvestigation period runs: now
     * for one opened online; for one recorded by staff, the moment they give, which must not
     * be in the future, nor before the report was made, nor so long ago that the period has
     * ended already (such a dispute is late: the operator reinvestigates it at once or deletes
     * what it names, outside this service). 422 on {@code /dispute/received_at} otherwise.
     */
    Instant receivedAt(Instant now, Instant reportMadeAt, Duration period) {
        if (receivedAt == null) {
            return now;
        }
        ErrorSource source = ErrorSource.pointer("/dispute/received_at");
        if (receivedAt.isAfter(now)) {
            throw ApiException.invalid(source, "Must not be in the future: give when the dispute reached the agency.");
        }
        if (receivedAt.isBefore(reportMadeAt)) {
            throw ApiException.invalid(source, "Must not be before the report was made, at " + reportMadeAt + ".");
        }
        if (!receivedAt.plus(period).isAfter(now)) {
            throw ApiException.invalid(source, "The reinvestigation period of a dispute received then (" + period.toDays()
                    + " days) has ended already.");
        }
        return receivedAt;
    }
}
