package io.tenantscreening.idempotency;

/**
 * Work under Idempotency-Keys whose holders may be gone (an instance killed mid-way): the
 * recurring sweep of abandoned placements resumes every bean of this type.
 */
public interface AbandonedWork {

    /** Resumes the work whose holders' leases ran out, up to a batch; answers how many it resumed. */
    int resumeAbandoned();
}
