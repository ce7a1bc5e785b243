package io.tenantscreening.screening;

import java.time.LocalDate;

/** What a provider is told about the applicant; the SSN only as its last four digits. */
public record ScreeningSubject(String applicantId, String firstName, String lastName, LocalDate dob, String ssnLastFour) {
}
