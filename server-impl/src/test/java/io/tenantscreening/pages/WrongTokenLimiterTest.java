package io.tenantscreening.pages;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limit on unknown links ({@link WrongTokenLimiter}): a client that has opened
 * {@code APPLY_WRONG_TOKEN_LIMIT} links no order has within one window of
 * {@code APPLY_WRONG_TOKEN_WINDOW} is refused (429, with what is left of the window as
 * Retry-After) for every further unknown link until the window ends; each address is counted
 * on its own, and the counts are forgotten when the window ends (docs/operators.md#requests,
 * openapi.yaml#apply-flow, docs/integrators.md#the-apply-flow,
 * docs/integrators.md#the-applicants-copy). Windows are fixed, not sliding, whatever the
 * client does: the first starts with the instance, the next at the first unknown link after
 * one ended, and a clock set back starts a new one (docs/operators.md#requests,
 * APPLY_WRONG_TOKEN_WINDOW).
 */
class WrongTokenLimiterTest {

    private static final Instant START = Instant.parse("2026-11-25T15:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(10);
    private static final String CLIENT = "203.0.113.7";

    private final MovableClock clock = new MovableClock(START);
    private final WrongTokenLimiter limiter = new WrongTokenLimiter(3, WINDOW, clock);

    @Test
    void aClientMayOpenAsManyUnknownLinksAsTheLimitAndIsRefusedTheNextForTheRestOfTheWindow() {
        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
        assertThat(limiter.unknownLink(CLIENT)).isEmpty();

        clock.move(Duration.ofMinutes(4));

        assertThat(limiter.unknownLink(CLIENT)).contains(Duration.ofMinutes(6));
        assertThat(limiter.unknownLink(CLIENT)).contains(Duration.ofMinutes(6));
    }

    @Test
    void theWaitIsWhatIsLeftOfTheWindowDownToTheMillisecond() {
        exhaust(CLIENT);

        clock.move(WINDOW.minusMillis(1));

        assertThat(limiter.unknownLink(CLIENT)).contains(Duration.ofMillis(1));
    }

    @Test
    void eachAddressIsCountedOnItsOwn() {
        exhaust(CLIENT);

        assertThat(limiter.unknownLink("198.51.100.2")).isEmpty();
        assertThat(limiter.unknownLink("2001:db8::1")).isEmpty();
        assertThat(limiter.unknownLink(CLIENT)).isPresent();
    }

    @Test
    void theCountsAreForgottenWhenTheWindowEnds() {
        exhaust(CLIENT);
        assertThat(limiter.unknownLink(CLIENT)).isPresent();

        clock.move(WINDOW);

        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
        assertThat(limiter.unknownLink(CLIENT)).contains(WINDOW);
    }

    @Test
    void refusalsDoNotMakeTheWaitLonger() {
        exhaust(CLIENT);
        for (int i = 0; i < 100; i++) {
            clock.move(Duration.ofSeconds(5));
            assertThat(limiter.unknownLink(CLIENT)).isPresent();
        }

        clock.move(WINDOW.minus(Duration.ofSeconds(500)));

        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
    }

    @Test
    void windowsStartWithTheInstanceNotWithTheClientsFirstUnknownLink() {
        clock.move(Duration.ofMinutes(9));
        exhaust(CLIENT);
        assertThat(limiter.unknownLink(CLIENT)).contains(Duration.ofMinutes(1));

        clock.move(Duration.ofMinutes(1));

        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
    }

    @Test
    void aClockSetBackStartsANewWindow() {
        exhaust(CLIENT);

        clock.move(Duration.ofSeconds(-1));

        assertThat(limiter.unknownLink(CLIENT)).isEmpty();
    }

    @Test
    void theLimitAndTheWindowAreTheOperatorsSettings() {
        WrongTokenLimiter one = new WrongTokenLimiter(1, Duration.ofSeconds(30), clock);

        assertThat(one.unknownLink(CLIENT)).isEmpty();
        assertThat(one.unknownLink(CLIENT)).isEqualTo(Optional.of(Duration.ofSeconds(30)));
    }

    private void exhaust(String client) {
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.unknownLink(client)).as("unknown link %d of the limit", i + 1).isEmpty();
        }
    }

    /** The service's clock, moved by the test. */
    private static final class MovableClock extends Clock {

        private Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void move(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
