package io.tenantscreening.applicants;

import io.micronaut.transaction.annotation.Transactional;
import io.tenantscreening.common.Echo;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.errors.ApiException;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.LocalDate;
import java.util.List;

/**
 * Applicants of one organisation and mode: created by orders (an inline applicant is
 * always new), found by id, loaded in batches for embedding. The SSN is sealed before it
 * is stored; it is opened only to recognise the consumer ({@link ConsumerKeys}) once the
 * date of birth is known too, and to find the consumer's other applicants.
 */
@Singleton
public class ApplicantService {

    private final ApplicantRepository applicants;
    private final SsnCipher cipher;
    private final ConsumerKeys consumers;
    private final Clock clock;

    public ApplicantService(ApplicantRepository applicants, SsnCipher cipher, ConsumerKeys consumers, Clock clock) {
        this.applicants = applicants;
        this.cipher = cipher;
        this.consumers = consumers;
        this.clock = clock;
    }

    @Transactional
    public Applicant create(Tenant tenant, NewApplicant input) {
        Applicant applicant = new Applicant(PublicIds.newId("ap", tenant.mode()), input.firstName(), input.lastName(),
                input.email(), input.dob(), input.phoneNumber(), input.ssn() == null ? null : input.ssn().lastFour(),
                Timestamps.now(clock));
        applicants.insert(tenant, applicant, input.ssn() == null ? null : cipher.seal(applicant.id(), input.ssn()),
                input.ssn() == null || input.dob() == null ? null : consumers.of(input.ssn(), input.dob()));
        return applicant;
    }

    /**
     * Adds what the applicant gave on the apply page: the date of birth and the SSN (sealed
     * as at creation), each only where the applicant has none yet; null leaves it as it is.
     */
    @Transactional
    public void addDetails(Tenant tenant, String id, LocalDate dob, Ssn ssn) {
        applicants.addDetails(tenant, id, dob, ssn == null ? null : cipher.seal(id, ssn), ssn == null ? null : ssn.lastFour());
        applicants.identity(tenant, id)
                .filter(stored -> !stored.recognised() && stored.dob() != null && stored.ssn() != null)
                .ifPresent(stored -> applicants.recognise(tenant, id, consumers.of(cipher.open(id, stored.ssn()), stored.dob())));
    }

    /**
     * The applicants who are the same consumer as this one, this one included, oldest first:
     * in live mode across every organisation of the agency, in test mode within the
     * organisation. Only this one when the consumer is not recognised (no SSN or no date of
     * birth).
     */
    @Transactional
    public List<ApplicantRepository.SameConsumer> sameConsumer(Tenant tenant, String id) {
        return applicants.identity(tenant, id)
                .filter(ApplicantRepository.StoredIdentity::recognised)
                .map(stored -> applicants.withConsumerKey(tenant, consumers.candidates(cipher.open(id, stored.ssn()), stored.dob())))
                .orElseGet(() -> List.of(new ApplicantRepository.SameConsumer(tenant.organizationId(), id)));
    }

    /** The applicant with this id in the caller's organisation and mode; 404 otherwise. */
    @Transactional
    public Applicant require(Tenant tenant, String id) {
        return applicants.findById(tenant, id)
                .orElseThrow(() -> ApiException.notFound("No applicant with id '" + Echo.of(id) + "'."));
    }
}
