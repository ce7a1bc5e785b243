package io.tenantscreening.applicants;

import io.tenantscreening.crypto.Sealer;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;

/**
 * Seals SSNs for storage ({@link Sealer}: AES-256-GCM under a subkey of the active master
 * key), bound to their applicant id, so a ciphertext cannot be copied onto another
 * applicant's row.
 */
@Singleton
public class SsnCipher {

    static final String PURPOSE = "applicant-ssn-aes-gcm";

    private final Sealer sealer;

    public SsnCipher(Sealer sealer) {
        this.sealer = sealer;
    }

    public Sealer.Sealed seal(String applicantId, Ssn ssn) {
        return sealer.seal(PURPOSE, applicantId, ssn.digits().getBytes(StandardCharsets.US_ASCII));
    }

    /** The SSN sealed for this applicant; fails when the ciphertext was altered or moved to another applicant. */
    public Ssn open(String applicantId, Sealer.Sealed sealed) {
        return Ssn.parse(new String(sealer.open(PURPOSE, applicantId, sealed), StandardCharsets.US_ASCII));
    }
}
