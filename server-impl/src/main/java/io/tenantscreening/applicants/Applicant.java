package io.tenantscreening.applicants;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Locale;

/** A person being screened, as stored; of the SSN only the last four digits (null when none). */
public record Applicant(String id, String firstName, String lastName, String email, LocalDate dob, String phoneNumber,
                        String ssnLastFour, Instant createdAt) {

    /** The legal name: first and last name joined by one space. */
    public String fullName() {
        return firstName + " " + lastName;
    }

    /**
     * A test applicant of the applicant-experience profile (an email ending in
     * {@code @apply.test}): in test mode, the only applicant who walks the apply flow and
     * the only one emails are sent to.
     */
    public boolean isApplicantExperienceProfile() {
        return isApplicantExperienceProfile(email);
    }

    /** Whether this address is one of the applicant-experience profile's. */
    public static boolean isApplicantExperienceProfile(String email) {
        return email.toLowerCase(Locale.ROOT).endsWith("@apply.test");
    }
}
