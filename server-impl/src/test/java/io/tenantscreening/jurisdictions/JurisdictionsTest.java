package io.tenantscreening.jurisdictions;

import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** docs/operators.md, Jurisdictions: resolution and combination over the shipped data; the data's provenance. */
class JurisdictionsTest {

    private final Jurisdictions jurisdictions = Jurisdictions.bundled();

    /** PROVENANCE.md records the SHA-256 of the shipped zip-counties.csv. */
    @Test
    void theShippedCrosswalkIsTheOneProvenanceNames() throws Exception {
        byte[] bytes;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(ZipCounties.FILE)) {
            bytes = in.readAllBytes();
        }
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        String provenance = Files.readString(Path.of("src/main/resources/jurisdictions/PROVENANCE.md"));
        assertThat(provenance).contains("SHA-256 of the shipped file: `" + sha + "`");
    }

    /** N.Y.C. Admin. Code § 8-107(5)(o)(4), § 8-102a: two-step, 3 and 5 years, 5 business days. */
    @Test
    void newYorkCity() {
        ScreeningRules rules = jurisdictions.require("NY", "10118", null, null).rules();
        assertThat(rules.criminalScreening()).isEqualTo(CriminalScreening.TWO_STEP);
        assertThat(rules.places()).containsExactly("us", "us-ny", "us-ny-new-york-city");
        assertThat(rules.recordLimits()).contains(new RecordLimit(RecordKind.FELONY_CONVICTION, false, 5,
                MeasuredFrom.DISPOSITION_OR_RELEASE, new Citation("us-ny-new-york-city", "N.Y.C. Admin. Code § 8-102a")));
        assertThat(rules.adverseAction().responseBusinessDays()).isEqualTo(5);
        assertThat(rules.adverseAction().individualizedAssessmentRequired()).isTrue();
    }

    /** SMC 14.09.025: not allowed, once the city is stated; King County alone is ambiguous. */
    @Test
    void seattle() {
        assertThat(jurisdictions.require("WA", "98104", null, "5363000").rules().criminalScreening())
                .isEqualTo(CriminalScreening.NOT_ALLOWED);
        assertThatThrownBy(() -> jurisdictions.require("WA", "98104", null, null)).isInstanceOf(ApiException.class);
        assertThat(jurisdictions.read("WA", "98104", null, null).resolution()).isEqualTo("ambiguous");
        assertThat(jurisdictions.read("WA", "98104", null, null).rules().criminalScreening())
                .isEqualTo(CriminalScreening.NOT_ALLOWED);
    }

    /** Cal. Civ. Code § 1786.18(a)(7) and 15 U.S.C. § 1681c(a)(2): both limits apply in Los Angeles. */
    @Test
    void californiaAddsToTheFederalLimits() {
        ScreeningRules rules = jurisdictions.require("CA", "90012", null, null).rules();
        assertThat(rules.criminalScreening()).isEqualTo(CriminalScreening.STANDARD);
        assertThat(rules.recordLimits()).extracting(l -> l.citation().place()).contains("us", "us-ca");
        assertThat(rules.recordLimits()).anyMatch(l -> l.kind() == RecordKind.NON_CONVICTION && l.excluded());
    }

    /** Cook County Code § 42-38: two-step; the response period is unconfirmed, so 0. */
    @Test
    void cookCounty() {
        ScreeningRules rules = jurisdictions.require("IL", "60602", null, null).rules();
        assertThat(rules.criminalScreening()).isEqualTo(CriminalScreening.TWO_STEP);
        assertThat(rules.adverseAction().responseBusinessDays()).isZero();
    }

    /** The federal default, Austin: 15 U.S.C. § 1681c(a)(2), (a)(5), arrests and pending cases 7 years from filing, convictions unlimited. */
    @Test
    void federalDefault() {
        ScreeningRules rules = jurisdictions.require("TX", "78701", null, null).rules();
        assertThat(rules).isEqualTo(RuleBook.bundled().federalDefault());
        assertThat(rules.criminalScreening()).isEqualTo(CriminalScreening.STANDARD);
        Citation section605 = new Citation("us", "15 U.S.C. § 1681c(a)(2), (a)(5)");
        assertThat(rules.recordLimits()).containsExactlyInAnyOrder(
                new RecordLimit(RecordKind.NON_CONVICTION, false, 7, MeasuredFrom.FILING, section605),
                new RecordLimit(RecordKind.PENDING, false, 7, MeasuredFrom.FILING, section605));
    }

    /** N.Y. Gen. Bus. Law § 380-j(a)(1), (f)(1)(v), Albany: no arrest without conviction; convictions 7 years from disposition or release. */
    @Test
    void newYorkState() {
        ScreeningRules rules = jurisdictions.require("NY", "12207", null, null).rules();
        assertThat(rules.criminalScreening()).isEqualTo(CriminalScreening.STANDARD);
        assertThat(rules.places()).containsExactly("us", "us-ny");
        Citation a1 = new Citation("us-ny", "N.Y. Gen. Bus. Law § 380-j(a)(1)");
        Citation f1v = new Citation("us-ny", "N.Y. Gen. Bus. Law § 380-j(f)(1)(v)");
        assertThat(rules.recordLimits()).contains(
                new RecordLimit(RecordKind.NON_CONVICTION, true, null, null, a1),
                new RecordLimit(RecordKind.FELONY_CONVICTION, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, f1v),
                new RecordLimit(RecordKind.MISDEMEANOR_CONVICTION, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, f1v),
                new RecordLimit(RecordKind.OTHER_CONVICTION, false, 7, MeasuredFrom.DISPOSITION_OR_RELEASE, f1v));
    }

    /** OMC 8.25 and BMC 13.106: no criminal check in Oakland or Berkeley once the city is stated; Alameda County alone is ambiguous. */
    @Test
    void oaklandAndBerkeley() {
        assertThat(jurisdictions.require("CA", "94612", null, "0653000").rules().criminalScreening())
                .isEqualTo(CriminalScreening.NOT_ALLOWED);
        assertThat(jurisdictions.require("CA", "94704", null, "0606000").rules().criminalScreening())
                .isEqualTo(CriminalScreening.NOT_ALLOWED);
        assertThat(jurisdictions.require("CA", "94704", null, "none").rules().criminalScreening())
                .isEqualTo(CriminalScreening.STANDARD);
        assertThatThrownBy(() -> jurisdictions.require("CA", "94612", null, null)).isInstanceOf(ApiException.class);
    }
}
