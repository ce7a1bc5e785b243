package io.tenantscreening.copies;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The expired page's request for a new link at another address: the address, and the date of
 * birth and last four digits of the SSN that prove who asks. {@code errors} names each field
 * that is missing or malformed, with what to fix; empty when the form can be checked against
 * what the service holds.
 */
record ElsewhereForm(String email, LocalDate dateOfBirth, String ssnLastFour, Map<String, String> errors) {

    static final int EMAIL_MAX = 254;
    private static final Pattern EMAIL = Pattern.compile("[^@\\s\\p{Cntrl}]+@[^@\\s\\p{Cntrl}]+\\.[^@\\s\\p{Cntrl}]+");
    private static final Pattern FOUR_DIGITS = Pattern.compile("[0-9]{4}");

    static ElsewhereForm of(String email, String dateOfBirth, String ssnLastFour) {
        Map<String, String> errors = new LinkedHashMap<>();
        if (email.length() > EMAIL_MAX || !EMAIL.matcher(email).matches()) {
            errors.put("email", "Enter the email address to send the link to, like name@example.com.");
        }
        LocalDate dob = null;
        try {
            dob = LocalDate.parse(dateOfBirth.strip());
        } catch (DateTimeParseException e) {
            errors.put("date_of_birth", "Enter your date of birth.");
        }
        String lastFour = ssnLastFour.strip();
        if (!FOUR_DIGITS.matcher(lastFour).matches()) {
            errors.put("ssn_last_four", "Enter the last four digits of your Social Security number.");
        }
        return new ElsewhereForm(email, dob, lastFour, Map.copyOf(errors));
    }
}
