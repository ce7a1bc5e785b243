package io.tenantscreening.applicants;

import io.tenantscreening.common.crypto.KeyRing;
import jakarta.inject.Singleton;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * Seals SSNs with AES-256-GCM (authenticated encryption) under a subkey of the active
 * master key. The ciphertext is bound to its applicant id (associated data), so it cannot
 * be copied onto another applicant's row; the key id is stored beside it for rotation.
 */
@Singleton
public class SsnCipher {

    private static final String PURPOSE = "applicant-ssn-aes-gcm";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyRing keys;

    public SsnCipher(KeyRing keys) {
        this.keys = keys;
    }

    /** The SSN sealed for one applicant, and the id of the key that sealed it. */
    public record Sealed(byte[] ciphertext, String keyId) {
    }

    public Sealed seal(String applicantId, Ssn ssn) {
        KeyRing.Key key = keys.active();
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        byte[] sealed = run(Cipher.ENCRYPT_MODE, key, nonce, applicantId, ssn.digits().getBytes(StandardCharsets.US_ASCII));
        return new Sealed(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array(), key.id());
    }

    public Ssn open(String applicantId, Sealed sealed) {
        byte[] all = sealed.ciphertext();
        byte[] nonce = Arrays.copyOf(all, NONCE_BYTES);
        byte[] body = Arrays.copyOfRange(all, NONCE_BYTES, all.length);
        return Ssn.parse(new String(run(Cipher.DECRYPT_MODE, keys.get(sealed.keyId()), nonce, applicantId, body),
                StandardCharsets.US_ASCII));
    }

    private static byte[] run(int mode, KeyRing.Key key, byte[] nonce, String applicantId, byte[] input) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(key.derive(PURPOSE), "AES"), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(applicantId.getBytes(StandardCharsets.UTF_8));
            return cipher.doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SSN cipher failed (wrong key or altered ciphertext)", e);
        }
    }
}
