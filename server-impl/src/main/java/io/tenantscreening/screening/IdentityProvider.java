package io.tenantscreening.screening;

/** A provider of {@code identity_verification} checks: whether the applicant is who they say. */
public interface IdentityProvider extends ScreeningProvider {

    Answer<Findings.IdentityFindings> verifyIdentity(ScreeningSubject subject, Asked asked);
}
