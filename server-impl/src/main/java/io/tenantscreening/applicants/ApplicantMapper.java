package io.tenantscreening.applicants;

import io.tenantscreening.api.model.ApplicantObject;

/** Translates an applicant into the generated API model; the SSN only ever as XXX-XX-last4. */
public final class ApplicantMapper {

    private ApplicantMapper() {
    }

    public static io.tenantscreening.api.model.Applicant toApi(Applicant applicant) {
        return new io.tenantscreening.api.model.Applicant()
                .id(applicant.id())
                ._object(ApplicantObject.APPLICANT)
                .fullName(applicant.fullName())
                .firstName(applicant.firstName())
                .lastName(applicant.lastName())
                .email(applicant.email())
                .dob(applicant.dob())
                .phoneNumber(applicant.phoneNumber())
                .ssn(applicant.ssnLastFour() == null ? null : "XXX-XX-" + applicant.ssnLastFour())
                .createdAt(applicant.createdAt());
    }
}
