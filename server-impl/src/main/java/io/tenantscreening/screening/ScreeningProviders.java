package io.tenantscreening.screening;

import io.micronaut.context.env.Environment;
import io.tenantscreening.common.Mode;
import io.tenantscreening.metrics.ServiceMetrics;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which provider answers each check, and asking it. In test mode the canned provider
 * answers every check; in live mode the provider named for the check type by
 * {@code screening.providers.live.<check-type>} ({@code sandbox} unless an operator installs
 * another implementation of that check type's interface and names it). The service refuses
 * to start when a configured name offers no such check.
 *
 * <p>Also how long each provider typically takes: what it declares, or for the live provider
 * of a check type, {@code screening.providers.turnaround.<check-type>} when the operator set
 * it (a positive duration; the service refuses to start on anything else).
 */
@Singleton
public class ScreeningProviders {

    private static final String LIVE = "screening.providers.live.";
    private static final String TURNAROUND = "screening.providers.turnaround.";

    private final Map<CheckType, Map<String, ? extends ScreeningProvider>> offering = new EnumMap<>(CheckType.class);
    private final Map<CheckType, String> live = new EnumMap<>(CheckType.class);
    private final Map<CheckType, Duration> liveTurnaround = new EnumMap<>(CheckType.class);
    private final ServiceMetrics metrics;

    public ScreeningProviders(List<CreditProvider> credit, List<EvictionProvider> eviction, List<CriminalProvider> criminal,
                              List<IdentityProvider> identity, List<IncomeProvider> income, Environment environment,
                              ServiceMetrics metrics) {
        this.metrics = metrics;
        offering.put(CheckType.CREDIT, byName(credit));
        offering.put(CheckType.EVICTION, byName(eviction));
        offering.put(CheckType.CRIMINAL, byName(criminal));
        offering.put(CheckType.IDENTITY_VERIFICATION, byName(identity));
        offering.put(CheckType.INCOME_VERIFICATION, byName(income));
        for (CheckType check : CheckType.values()) {
            String key = LIVE + check.value().replace('_', '-');
            String name = environment.getProperty(key, String.class, SandboxProvider.NAME);
            if (!offering.get(check).containsKey(name)) {
                throw new IllegalStateException(key + " names '" + name + "', but the providers of " + check.value()
                        + " checks are " + offering.get(check).keySet());
            }
            live.put(check, name);
            turnaround(environment, TURNAROUND + check.value().replace('_', '-')).ifPresent(set -> liveTurnaround.put(check, set));
        }
    }

    /** The operator's turnaround under this key: empty when not set (or blank). */
    private static Optional<Duration> turnaround(Environment environment, String key) {
        Optional<String> text = environment.getProperty(key, String.class).filter(value -> !value.isBlank());
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Duration duration = environment.convert(text.get().trim(), Duration.class)
                .filter(value -> value.compareTo(Duration.ZERO) > 0)
                .orElseThrow(() -> new IllegalStateException(key + " is '" + text.get()
                        + "': a positive duration such as 90s, 30m, 4h or 2d, or empty for what the provider declares"));
        return Optional.of(duration);
    }

    /**
     * How long the named provider typically takes over this check type: in live mode the
     * operator's setting for the check type's live provider when there is one, else what the
     * provider declares (a check asked of a provider configured before keeps that provider's;
     * one asked of a provider no longer installed, which cannot answer until it is installed
     * again, is given the check type's live provider's, so that reading an order never fails).
     */
    public Duration typicalTurnaround(Mode mode, CheckType check, String providerName) {
        String name = offering.get(check).containsKey(providerName) ? providerName : live.get(check);
        if (mode == Mode.LIVE && name.equals(live.get(check)) && liveTurnaround.containsKey(check)) {
            return liveTurnaround.get(check);
        }
        return offering.get(check).get(name).typicalTurnaround(check);
    }

    /** The name of the provider that answers this check of the mode's orders. */
    public String providerOf(Mode mode, CheckType check) {
        return mode == Mode.TEST ? CannedProvider.NAME : live.get(check);
    }

    /**
     * Asks the named provider (the one the check was first asked of) about one check; the
     * call's outcome and duration go to the metrics ({@code screening.providers.calls}).
     */
    public Answer<? extends Findings> ask(CheckType check, String providerName, ScreeningSubject subject,
                                          ScreeningProvider.Asked asked) {
        ScreeningProvider provider = offering.get(check).get(providerName);
        if (provider == null) {
            throw new IllegalStateException("no provider named '" + providerName + "' offers " + check.value()
                    + " checks any more; install it again to finish the checks asked of it");
        }
        long started = System.nanoTime();
        String outcome = "failed";
        try {
            Answer<? extends Findings> answer = ask(check, provider, subject, asked);
            outcome = "answered";
            return answer;
        } finally {
            metrics.providerCall(check.value(), providerName, outcome, System.nanoTime() - started);
        }
    }

    private static Answer<? extends Findings> ask(CheckType check, ScreeningProvider provider, ScreeningSubject subject,
                                                  ScreeningProvider.Asked asked) {
        return switch (check) {
            case CREDIT -> ((CreditProvider) provider).credit(subject, asked);
            case EVICTION -> ((EvictionProvider) provider).evictions(subject, asked);
            case CRIMINAL -> ((CriminalProvider) provider).criminalRecords(subject, asked);
            case IDENTITY_VERIFICATION -> ((IdentityProvider) provider).verifyIdentity(subject, asked);
            case INCOME_VERIFICATION -> ((IncomeProvider) provider).verifyIncome(subject, asked);
        };
    }

    /** Asks the named provider (the one that reported the check) to verify disputed records of an eviction or criminal check again. */
    public Answer<List<Reinvestigation.Verdict<Findings.CourtRecord>>> reinvestigate(CheckType check, String providerName,
                                                                                    ScreeningSubject subject,
                                                                                    List<Findings.CourtRecord> disputed, String reason,
                                                                                    ScreeningProvider.Asked asked) {
        if (check != CheckType.EVICTION && check != CheckType.CRIMINAL) {
            throw new IllegalArgumentException("only court records are reinvestigated, not " + check.value() + " checks");
        }
        ScreeningProvider provider = offering.get(check).get(providerName);
        if (provider == null) {
            throw new IllegalStateException("no provider named '" + providerName + "' offers " + check.value()
                    + " checks any more; install it again to reinvestigate the records it reported");
        }
        return ((CourtRecordProvider) provider).reinvestigate(check, subject, disputed, reason, asked);
    }

    /** Asks the named provider (the one that reported the check) to verify a check disputed as a whole again. */
    public Answer<Reinvestigation.Verdict<Findings>> reinvestigateCheck(CheckType check, String providerName, ScreeningSubject subject,
                                                                       Findings disputed, String reason,
                                                                       ScreeningProvider.Asked asked) {
        ScreeningProvider provider = offering.get(check).get(providerName);
        if (provider == null) {
            throw new IllegalStateException("no provider named '" + providerName + "' offers " + check.value()
                    + " checks any more; install it again to reinvestigate the check it reported");
        }
        return provider.reinvestigateCheck(check, subject, disputed, reason, asked);
    }

    private static <P extends ScreeningProvider> Map<String, P> byName(List<P> providers) {
        return providers.stream().collect(Collectors.toMap(ScreeningProvider::name, Function.identity()));
    }
}
