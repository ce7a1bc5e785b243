package io.tenantscreening.apply;

import io.tenantscreening.applicants.Ssn;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the applicant typed on the apply page, and its checks: consent given; the date of
 * birth a real date (MM/DD/YYYY or YYYY-MM-DD) of someone at least 18; the SSN nine digits,
 * dashes optional. Date of birth and SSN are checked only where the page asked for them.
 */
record ApplyForm(boolean consent, String dob, String ssn) {

    static final String CONSENT = "consent";
    static final String DOB = "dob";
    static final String SSN = "ssn";

    private static final Pattern US_DATE = Pattern.compile("(\\d{1,2})/(\\d{1,2})/(\\d{4})");
    private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
    private static final Pattern SSN_SHAPE = Pattern.compile("\\d{3}-?\\d{2}-?\\d{4}");
    private static final LocalDate EARLIEST = LocalDate.of(1900, 1, 1);
    private static final int ADULT = 18;

    static ApplyForm of(Map<String, String> fields) {
        return new ApplyForm("yes".equals(fields.get(CONSENT)), trimmed(fields.get(DOB)), trimmed(fields.get(SSN)));
    }

    /** Each field's error, in the order of the page; empty when the form is good. */
    Map<String, String> errors(boolean askedDob, boolean askedSsn, LocalDate today) {
        Map<String, String> errors = new LinkedHashMap<>();
        if (askedDob) {
            dobError(today).ifPresent(error -> errors.put(DOB, error));
        }
        if (askedSsn) {
            if (ssn.isEmpty()) {
                errors.put(SSN, "Enter your Social Security number.");
            } else if (!SSN_SHAPE.matcher(ssn).matches()) {
                errors.put(SSN, "Enter the 9 digits of your Social Security number, like 123-45-6789.");
            }
        }
        if (!consent) {
            errors.put(CONSENT, "Tick the box to give your consent; we cannot screen you without it.");
        }
        return errors;
    }

    /** The date of birth, once {@link #errors} found none. */
    LocalDate dateOfBirth() {
        return parseDate(dob);
    }

    /** The SSN, once {@link #errors} found none. */
    Ssn socialSecurityNumber() {
        return Ssn.parse(ssn);
    }

    private Optional<String> dobError(LocalDate today) {
        if (dob.isEmpty()) {
            return Optional.of("Enter your date of birth.");
        }
        LocalDate date = parseDate(dob);
        if (date == null) {
            return Optional.of("Enter a real date as MM/DD/YYYY, like 04/27/1990.");
        }
        if (date.isBefore(EARLIEST)) {
            return Optional.of("Enter a date of birth after 01/01/1900.");
        }
        if (date.plusYears(ADULT).isAfter(today)) {
            return Optional.of("You must be at least 18 years old to apply.");
        }
        return Optional.empty();
    }

    private static LocalDate parseDate(String text) {
        Matcher us = US_DATE.matcher(text);
        Matcher iso = ISO_DATE.matcher(text);
        try {
            if (us.matches()) {
                return LocalDate.of(Integer.parseInt(us.group(3)), Integer.parseInt(us.group(1)), Integer.parseInt(us.group(2)));
            }
            if (iso.matches()) {
                return LocalDate.of(Integer.parseInt(iso.group(1)), Integer.parseInt(iso.group(2)), Integer.parseInt(iso.group(3)));
            }
        } catch (DateTimeException notADate) {
            return null;
        }
        return null;
    }

    private static String trimmed(String value) {
        return value == null ? "" : value.strip();
    }
}
