package io.tenantscreening.applicants;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;

/**
 * Applicants of one organisation and mode: created by orders (an inline applicant is
 * always new), found by id, loaded in batches for embedding. The SSN is sealed before it
 * is stored and never read back here.
 */
@Singleton
public class ApplicantService {

    private final ApplicantRepository applicants;
    private final SsnCipher cipher;

    public ApplicantService(ApplicantRepository applicants, SsnCipher cipher) {
        this.applicants = applicants;
        this.cipher = cipher;
    }

    @Transactional
    public Applicant create(Caller caller, NewApplicant input) {
        Applicant applicant = new Applicant(PublicIds.newId("ap", caller.mode()), input.firstName(), input.lastName(),
                input.email(), input.dob(), input.phoneNumber(), input.ssn() == null ? null : input.ssn().lastFour(),
                Instant.now().truncatedTo(ChronoUnit.MICROS));
        applicants.insert(caller, applicant, input.ssn() == null ? null : cipher.seal(applicant.id(), input.ssn()));
        return applicant;
    }

    /** The applicant with this id in the caller's organisation and mode; 404 otherwise. */
    @Transactional
    public Applicant require(Caller caller, String id) {
        return applicants.findById(caller, id)
                .orElseThrow(() -> ApiException.notFound("No applicant with id '" + Echo.of(id) + "'."));
    }

    @Transactional
    public List<Applicant> findAll(Caller caller, Collection<String> ids) {
        return ids.isEmpty() ? List.of() : applicants.findByIds(caller, ids);
    }
}
