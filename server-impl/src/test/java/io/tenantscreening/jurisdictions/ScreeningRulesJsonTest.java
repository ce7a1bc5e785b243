package io.tenantscreening.jurisdictions;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScreeningRulesJsonTest {

    @Test
    void rulesReadBackAsTheyWereWritten() {
        Citation nyc = new Citation("us-ny-new-york-city", "N.Y.C. Admin. Code § 8-107(5)(o)");
        ScreeningRules rules = new ScreeningRules("2026-11-28.1", List.of("us", "us-ny", "us-ny-new-york-city"),
                CriminalScreening.TWO_STEP, List.of(nyc),
                List.of(new RecordLimit(RecordKind.NON_CONVICTION, true, null, null, nyc),
                        new RecordLimit(RecordKind.FELONY_CONVICTION, false, 5, MeasuredFrom.DISPOSITION_OR_RELEASE, nyc)),
                new AdverseActionRules(true, List.of("the time since the offense"), 5, List.of(nyc)));

        String json = ScreeningRulesJson.write(rules);

        assertThat(json).contains("\"criminal_screening\":\"TWO_STEP\"").doesNotContain("holds");
        assertThat(ScreeningRulesJson.read(json)).isEqualTo(rules);
    }

    @Test
    void aLimitEitherExcludesItsKindOrGivesALookbackFromADay() {
        Citation us = new Citation("us", "15 U.S.C. § 1681c(a)(2)");
        assertThatThrownBy(() -> new RecordLimit(RecordKind.PENDING, true, 7, MeasuredFrom.FILING, us))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecordLimit(RecordKind.PENDING, false, null, null, us))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecordLimit(RecordKind.PENDING, false, 7, null, us))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theStrictestCriminalScreeningWins() {
        assertThat(CriminalScreening.STANDARD.strictest(CriminalScreening.TWO_STEP)).isEqualTo(CriminalScreening.TWO_STEP);
        assertThat(CriminalScreening.NOT_ALLOWED.strictest(CriminalScreening.TWO_STEP)).isEqualTo(CriminalScreening.NOT_ALLOWED);
        assertThat(CriminalScreening.STANDARD.strictest(CriminalScreening.STANDARD)).isEqualTo(CriminalScreening.STANDARD);
    }
}
