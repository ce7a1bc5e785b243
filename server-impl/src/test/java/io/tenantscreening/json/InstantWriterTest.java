package io.tenantscreening.json;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The API's timestamps (every date-time of the contract): the fast writer gives exactly
 * what Micronaut Serde's default, {@link DateTimeFormatter#ISO_INSTANT}, gives.
 */
class InstantWriterTest {

    @Test
    void writesWhatTheIsoInstantFormatterWrites() {
        List<String> edges = List.of("0001-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999999Z",
                "2026-11-23T18:31:51.750144Z", "2026-11-23T18:31:51.750Z", "2026-11-23T18:31:51.000001Z",
                "2024-02-29T12:00:00.000000100Z", "9999-12-31T23:59:59.999999999Z", "+10000-01-01T00:00:00Z",
                "-0001-12-31T23:59:59Z", "0000-06-15T08:30:00.5Z");
        for (String edge : edges) {
            Instant instant = Instant.parse(edge);
            assertThat(InstantWriter.format(instant)).as(edge).isEqualTo(DateTimeFormatter.ISO_INSTANT.format(instant));
        }
        SplittableRandom random = new SplittableRandom(42);
        int[] precisions = {1, 1_000, 1_000_000, 1_000_000_000};
        for (int i = 0; i < 200_000; i++) {
            long seconds = random.nextLong(-62_200_000_000L, 253_500_000_000L);
            int step = precisions[random.nextInt(precisions.length)];
            Instant instant = Instant.ofEpochSecond(seconds, random.nextInt(1_000_000_000 / step) * step);
            assertThat(InstantWriter.format(instant)).isEqualTo(DateTimeFormatter.ISO_INSTANT.format(instant));
        }
    }
}
