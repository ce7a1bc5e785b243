package io.tenantscreening.applicants;

import java.time.Instant;
import java.time.LocalDate;

/** A person being screened, as stored; of the SSN only the last four digits (null when none). */
public record Applicant(String id, String firstName, String lastName, String email, LocalDate dob, String phoneNumber,
                        String ssnLastFour, Instant createdAt) {

    /** The legal name: first and last name joined by one space. */
    public String fullName() {
        return firstName + " " + lastName;
    }
}
