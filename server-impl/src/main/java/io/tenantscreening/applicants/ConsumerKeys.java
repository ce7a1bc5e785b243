package io.tenantscreening.applicants;

import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.SealingKeys;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;

/**
 * Recognises one consumer across applicants (FCRA section 609: the consumer's file, not one
 * report): HMAC-SHA256 of the SSN's nine digits and the date of birth under a subkey of a
 * master key. A new digest is made under the active key; since master keys rotate, an
 * applicant is matched against the digests of their SSN and date of birth under every
 * configured key ({@link #candidates}). Two people share a digest only if they share both
 * the SSN and the date of birth.
 */
@Singleton
public class ConsumerKeys {

    static final String PURPOSE = "consumer-key-hmac";

    private final SealingKeys keys;
    private final KeyRing ring;

    public ConsumerKeys(SealingKeys keys, KeyRing ring) {
        this.keys = keys;
        this.ring = ring;
    }

    /** The digest under the active key, and that key's id. */
    public Key of(Ssn ssn, LocalDate dob) {
        KeyRing.Key key = keys.forSealing();
        return new Key(digest(key, ssn, dob), key.id());
    }

    /** The digests the same consumer may be stored under: one per configured master key. */
    public List<byte[]> candidates(Ssn ssn, LocalDate dob) {
        return ring.all().stream().map(key -> digest(key, ssn, dob)).toList();
    }

    private static byte[] digest(KeyRing.Key key, Ssn ssn, LocalDate dob) {
        return Hmac.sha256(key.derive(PURPOSE), (ssn.digits() + "|" + dob).getBytes(StandardCharsets.US_ASCII));
    }

    /** A consumer's digest and the id of the master key it was made under. */
    public record Key(byte[] digest, String keyId) {
    }
}
