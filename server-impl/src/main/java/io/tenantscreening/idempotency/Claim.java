package io.tenantscreening.idempotency;

import java.time.Instant;

/**
 * What a request claims a key with: the digest of its request in a normal form (an HMAC
 * under a subkey of a master key, so that what the request holds, an SSN say, cannot be
 * guessed back from it) and that key's id, when it claims, and until when its lease runs.
 */
public record Claim(byte[] requestDigest, String digestKeyId, Instant at, Instant leaseEnds) {
}
