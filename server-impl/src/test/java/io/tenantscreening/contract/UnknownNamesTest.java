package io.tenantscreening.contract;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#errors: an unknown member or query parameter within two edits of a name
 * accepted at that place gets that name; the closest wins, of equally close ones the first,
 * and a name needs more characters than edits.
 */
class UnknownNamesTest {

    private static final List<String> ORDER = List.of("package", "property_id", "property", "applicant_id", "applicant",
            "original_requester_id", "original_requester", "add_on_products", "payer", "screening_policy_id", "monthly_rent");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "packge, package",
            "pakcage, package",
            "Package, package",
            "proprety, property",
            "propertyid, property_id",
            "applicnt_id, applicant_id",
            "payr, payer",
            "pay, payer",
            "monthly_rnet, monthly_rent"})
    void aNameWithinTwoEditsIsSuggested(String unknown, String suggested) {
        assertThat(UnknownNames.suggestion(unknown, ORDER)).contains(suggested);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"packge_tier", "colour", "pckg", "rent", "p", "x"})
    void aNameFartherAwayIsNotSuggested(String unknown) {
        assertThat(UnknownNames.suggestion(unknown, ORDER)).isEmpty();
    }

    @Test
    void aNameNeedsMoreCharactersThanEdits() {
        assertThat(UnknownNames.suggestion("to", List.of("id"))).isEmpty();
        assertThat(UnknownNames.suggestion("i", List.of("id"))).isEmpty();
        assertThat(UnknownNames.suggestion("ix", List.of("id"))).contains("id");
    }

    @Test
    void theClosestWinsAndOfEquallyCloseOnesTheFirst() {
        assertThat(UnknownNames.suggestion("packae", List.of("packages", "package"))).contains("package");
        assertThat(UnknownNames.suggestion("cat", List.of("cut", "car"))).contains("cut");
    }

    @Test
    void editsCountSwapsOfNeighboursAsOne() {
        assertThat(UnknownNames.edits("package", "package")).isZero();
        assertThat(UnknownNames.edits("pakcage", "package")).isEqualTo(1);
        assertThat(UnknownNames.edits("packge", "package")).isEqualTo(1);
        assertThat(UnknownNames.edits("kitten", "sitting")).isEqualTo(3);
        assertThat(UnknownNames.edits("", "abc")).isEqualTo(3);
        assertThat(UnknownNames.edits("packge_tier", "package")).isGreaterThan(UnknownNames.MAX_EDITS);
    }

    @Test
    void theDetailNamesTheSuggestionOrPointsToTheSchema() {
        assertThat(UnknownNames.member("packge", ORDER)).isEqualTo("Unknown member 'packge'. Did you mean \"package\"?");
        assertThat(UnknownNames.member("colour", ORDER))
                .isEqualTo("Unknown member 'colour'; see the schema for the members this object accepts.");
        assertThat(UnknownNames.queryParameter("perpage", List.of("per_page", "cursor")))
                .isEqualTo("Unknown query parameter 'perpage'. Did you mean \"per_page\"?");
        assertThat(UnknownNames.queryParameter("colour", List.of("per_page")))
                .isEqualTo("Unknown query parameter 'colour'; see the operation for the parameters it accepts.");
    }
}
