package io.tenantscreening.applicants;

import java.time.LocalDate;

/** A checked applicant to create: names split, phone in E.164; dob, phone and SSN may be null. */
public record NewApplicant(String firstName, String lastName, String email, LocalDate dob, String phoneNumber, Ssn ssn) {
}
