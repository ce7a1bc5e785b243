package io.tenantscreening.contract;

import io.micronaut.http.HttpRequest;
import io.swagger.v3.oas.models.OpenAPI;
import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Contract, Versioning: the versions this build serves are the ones the contract lists, the
 * newest is the one it describes, and a request is served by the version its header names,
 * or by the newest without one.
 */
class ApiVersionsTest {

    private static final Pattern DATE = Pattern.compile("`(\\d{4}-\\d{2}-\\d{2})`");

    @Test
    void theNewestVersionIsTheOneTheContractDescribes() {
        assertThat(ContractParsing.model().getInfo().getExtensions().get("x-api-version")).isEqualTo(ApiVersions.NEWEST.date());
    }

    @Test
    void theVersionsServedAreTheOnesTheHeaderParameterLists() {
        OpenAPI contract = ContractParsing.model();
        Matcher dates = DATE.matcher(contract.getComponents().getParameters().get("ServiceTenantVersion").getDescription());

        assertThat(Stream.iterate(dates.find(), found -> found, found -> dates.find()).map(found -> dates.group(1)))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(ApiVersion.values()).map(ApiVersion::date).toList());
    }

    @Test
    void versionsAreOrderedByTheirDates() {
        assertThat(Arrays.stream(ApiVersion.values()).map(ApiVersion::day)).isSorted();
        assertThat(ApiVersion.V2026_04_29.isBefore(ApiVersion.V2026_11_25)).isTrue();
        assertThat(ApiVersion.V2026_11_25.isBefore(ApiVersion.V2026_11_28)).isTrue();
        assertThat(ApiVersion.V2026_11_28.isBefore(ApiVersion.V2026_11_28)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(ApiVersion.class)
    void aRequestNamingASupportedVersionIsServedByIt(ApiVersion version) {
        assertThat(ApiVersions.of(HttpRequest.GET("/events").header(ApiVersions.HEADER, version.date()))).isEqualTo(version);
        assertThat(ApiVersions.resolve(version.date())).isEqualTo(version);
    }

    @Test
    void aRequestWithoutTheHeaderIsServedByTheNewest() {
        assertThat(ApiVersions.of(HttpRequest.GET("/events"))).isEqualTo(ApiVersion.V2026_11_28);
        assertThat(ApiVersions.resolve(null)).isEqualTo(ApiVersion.V2026_11_28);
    }

    /** The contract check refuses it; the newest version answers the refusal. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-04-30", "latest", "", "2026-11-25 "})
    void anyOtherValueIsRefusedAndItsRefusalComesFromTheNewest(String requested) {
        assertThat(ApiVersions.of(HttpRequest.GET("/events").header(ApiVersions.HEADER, requested))).isEqualTo(ApiVersions.NEWEST);
        assertThatThrownBy(() -> ApiVersions.resolve(requested)).isInstanceOfSatisfying(ApiException.class, refusal -> {
            assertThat(refusal.status().getCode()).isEqualTo(422);
            assertThat(refusal.envelope().errors().get(0).detail()).contains("Supported versions: 2026-11-28, 2026-11-25, 2026-04-29;");
        });
    }
}
