package io.tenantscreening.screening;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.tenantscreening.common.Mode;
import io.tenantscreening.metrics.ServiceMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The typical turnaround of each provider (openapi.yaml#expected-completion-times: each
 * provider declares its typical turnaround per check type and the operator may set another;
 * docs/operators.md#orders-and-screening, LIVE_TURNAROUND_*): the operator's setting counts
 * for the live provider of its check type in live mode only, an empty one is none, and a
 * setting that is not a positive duration stops the service at start, naming its key. Test
 * mode keeps the canned provider's fixed durations (openapi.yaml#test-mode).
 */
class ScreeningProvidersTest {

    private static final Duration SANDBOX_DELAY = Duration.ofSeconds(3);

    @Test
    void theOperatorsTurnaroundCountsForTheLiveProviderOfItsCheckTypeInLiveModeOnly() {
        ScreeningProviders providers = providers(Map.of("screening.providers.turnaround.criminal", "2d",
                "screening.providers.turnaround.identity-verification", "90s"));

        assertThat(providers.typicalTurnaround(Mode.LIVE, CheckType.CRIMINAL, "sandbox")).isEqualTo(Duration.ofDays(2));
        assertThat(providers.typicalTurnaround(Mode.LIVE, CheckType.IDENTITY_VERIFICATION, "sandbox"))
                .isEqualTo(Duration.ofSeconds(90));
        assertThat(providers.typicalTurnaround(Mode.LIVE, CheckType.CREDIT, "sandbox")).as("what the sandbox declares: its delay")
                .isEqualTo(SANDBOX_DELAY);
        assertThat(providers.typicalTurnaround(Mode.TEST, CheckType.CRIMINAL, "test")).as("test mode's table")
                .isEqualTo(Duration.ofMinutes(5));
    }

    /** Even when the operator has the canned provider answer live credit checks too. */
    @Test
    void testModeHasTheTableWhateverTheOperatorSets() {
        ScreeningProviders providers = providers(Map.of("screening.providers.turnaround.credit", "4h",
                "screening.providers.live.credit", "test"));

        assertThat(List.of(CheckType.values())).extracting(check -> providers.typicalTurnaround(Mode.TEST, check, "test"))
                .containsExactly(Duration.ofMinutes(1), Duration.ofMinutes(3), Duration.ofMinutes(5), Duration.ofMinutes(1),
                        Duration.ofMinutes(2));
        assertThat(providers.typicalTurnaround(Mode.LIVE, CheckType.CREDIT, "test")).isEqualTo(Duration.ofHours(4));
    }

    @Test
    void anEmptySettingIsWhatTheProviderDeclares() {
        ScreeningProviders providers = providers(Map.of("screening.providers.turnaround.eviction", " "));

        assertThat(providers.typicalTurnaround(Mode.LIVE, CheckType.EVICTION, "sandbox")).isEqualTo(SANDBOX_DELAY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0s", "-5m", "soon"})
    void aSettingThatIsNotAPositiveDurationStopsTheServiceNamingItsKey(String value) {
        assertThatThrownBy(() -> providers(Map.of("screening.providers.turnaround.income-verification", value)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("screening.providers.turnaround.income-verification is '" + value + "'");
    }

    private static ScreeningProviders providers(Map<String, Object> settings) {
        ApplicationContext context = ApplicationContext.builder().properties(settings).build();
        Environment environment = context.getEnvironment().start();
        CannedProvider canned = new CannedProvider(null);
        SandboxProvider sandbox = new SandboxProvider(SANDBOX_DELAY, Clock.systemUTC(), null);
        return new ScreeningProviders(List.of(canned, sandbox), List.of(canned, sandbox), List.of(canned, sandbox),
                List.of(canned, sandbox), List.of(canned, sandbox), environment, new ServiceMetrics(Optional.empty()));
    }
}
