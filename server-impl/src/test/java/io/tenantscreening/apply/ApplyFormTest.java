package io.tenantscreening.apply;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The apply page's form ({@link ApplyForm}): consent is required; the date of birth and the
 * SSN are asked, and so checked, only when the order did not bring them; each error is shown
 * beside its field (openapi.yaml#apply-flow, docs/integrators.md#the-apply-flow,
 * docs/integrators.md#the-applicants-journey). What the fields accept: a date of birth as
 * MM/DD/YYYY or YYYY-MM-DD, not before 1900-01-01, of an applicant 18 or older on the day;
 * nine SSN digits with either dash optional; consent as the box's {@code yes}; only the
 * fields the page asked for checked; the errors in the order of the page
 * (docs/integrators.md#what-the-form-accepts).
 */
class ApplyFormTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 25);
    private static final String REAL_DATE = "Enter a real date as MM/DD/YYYY, like 04/27/1990.";
    private static final String SSN_DIGITS = "Enter the 9 digits of your Social Security number, like 123-45-6789.";
    private static final String CONSENT = "Tick the box to give your consent; we cannot screen you without it.";

    @Test
    void aCompleteFormHasNoErrorsAndGivesTheDateOfBirthAndTheSsn() {
        ApplyForm form = form("yes", "04/27/1990", "123-45-6789");

        assertThat(form.errors(true, true, TODAY)).isEmpty();
        assertThat(form.dateOfBirth()).isEqualTo(LocalDate.of(1990, 4, 27));
        assertThat(form.socialSecurityNumber().digits()).isEqualTo("123456789");
    }

    @ParameterizedTest
    @CsvSource({
            "04/27/1990, 1990-04-27",
            "4/7/1990,   1990-04-07",
            "12/31/1999, 1999-12-31",
            "1990-04-27, 1990-04-27",
            "02/29/2000, 2000-02-29",
            "01/01/1900, 1900-01-01"})
    void aDateOfBirthIsTakenAsMonthDayYearOrAsAnIsoDate(String typed, LocalDate meant) {
        ApplyForm form = form("yes", typed, "");

        assertThat(form.errors(true, false, TODAY)).isEmpty();
        assertThat(form.dateOfBirth()).isEqualTo(meant);
    }

    @Test
    void whatIsTypedIsTakenWithoutTheSpaceAroundIt() {
        ApplyForm form = form("yes", " \t1990-04-27\n", "\u2003123456789 ");

        assertThat(form.errors(true, true, TODAY)).isEmpty();
        assertThat(form.dob()).isEqualTo("1990-04-27");
        assertThat(form.socialSecurityNumber().digits()).isEqualTo("123456789");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1990/04/27", "27.04.1990", "1990-4-27", "04-27-1990", "04/27/90", "April 27, 1990", "042719900",
            "04/27/1990x", "\uFF10\uFF14/27/1990", "02/30/1990", "13/01/1990", "00/10/1990", "04/00/1990", "1990-02-29",
            "1990-13-01", "04/31/1990"})
    void anythingElseOrADayTheCalendarDoesNotHaveIsNotADate(String typed) {
        assertThat(form("yes", typed, "").errors(true, false, TODAY)).containsExactly(entry("dob", REAL_DATE));
    }

    @Test
    void aDateOfBirthBefore1900IsRefused() {
        assertThat(form("yes", "12/31/1899", "").errors(true, false, TODAY))
                .containsExactly(entry("dob", "Enter a date of birth after 01/01/1900."));
        assertThat(form("yes", "0001-01-01", "").errors(true, false, TODAY))
                .containsExactly(entry("dob", "Enter a date of birth after 01/01/1900."));
    }

    @Test
    void theApplicantIsEighteenOnTheirEighteenthBirthdayAndNotADayBefore() {
        String under18 = "You must be at least 18 years old to apply.";

        assertThat(form("yes", "2008-11-25", "").errors(true, false, TODAY)).isEmpty();
        assertThat(form("yes", "2008-11-26", "").errors(true, false, TODAY)).containsExactly(entry("dob", under18));
        assertThat(form("yes", "2026-11-25", "").errors(true, false, TODAY)).containsExactly(entry("dob", under18));
        assertThat(form("yes", "2030-01-01", "").errors(true, false, TODAY)).containsExactly(entry("dob", under18));
    }

    @Test
    void aMissingDateOfBirthIsAskedFor() {
        assertThat(form("yes", "  ", "").errors(true, false, TODAY)).containsExactly(entry("dob", "Enter your date of birth."));
        assertThat(ApplyForm.of(Map.of("consent", "yes")).errors(true, false, TODAY))
                .containsExactly(entry("dob", "Enter your date of birth."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"123456789", "123-45-6789", "123-456789", "12345-6789"})
    void anSsnIsNineDigitsWithTheDashesOptional(String typed) {
        ApplyForm form = form("yes", "", typed);

        assertThat(form.errors(false, true, TODAY)).isEmpty();
        assertThat(form.socialSecurityNumber().lastFour()).isEqualTo("6789");
    }

    @ParameterizedTest
    @ValueSource(strings = {"12345678", "1234567890", "123 45 6789", "12-345-6789", "123--45-6789", "123-45-678a", "abc-de-fghi",
            "\uFF11\uFF12\uFF13-45-6789", "123.45.6789", "+123456789"})
    void anythingElseIsNotAnSsn(String typed) {
        assertThat(form("yes", "", typed).errors(false, true, TODAY)).containsExactly(entry("ssn", SSN_DIGITS));
    }

    @Test
    void aMissingSsnIsAskedFor() {
        assertThat(form("yes", "", " ").errors(false, true, TODAY))
                .containsExactly(entry("ssn", "Enter your Social Security number."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "on", "true", "YES", "yes ", "1"})
    void consentIsGivenOnlyByTheTickedBox(String sent) {
        assertThat(form(sent, "", "").errors(false, false, TODAY)).containsExactly(entry("consent", CONSENT));
    }

    @Test
    void noConsentFieldIsNoConsent() {
        assertThat(ApplyForm.of(Map.of()).errors(false, false, TODAY)).containsExactly(entry("consent", CONSENT));
    }

    @Test
    void whatThePageDidNotAskForIsNotChecked() {
        ApplyForm form = form("yes", "not a date", "not an ssn");

        assertThat(form.errors(false, false, TODAY)).isEmpty();
        assertThat(form.errors(true, false, TODAY)).containsOnlyKeys("dob");
        assertThat(form.errors(false, true, TODAY)).containsOnlyKeys("ssn");
    }

    @Test
    void everyErrorIsShownInTheOrderOfThePage() {
        assertThat(form("", "02/30/1990", "12345").errors(true, true, TODAY)).containsExactly(
                entry("dob", REAL_DATE), entry("ssn", SSN_DIGITS), entry("consent", CONSENT));
    }

    private static ApplyForm form(String consent, String dob, String ssn) {
        Map<String, String> fields = new HashMap<>();
        fields.put("consent", consent);
        fields.put("dob", dob);
        fields.put("ssn", ssn);
        fields.put("form_token", "k1.abc");
        return ApplyForm.of(fields);
    }
}
