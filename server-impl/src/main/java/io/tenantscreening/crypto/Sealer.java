package io.tenantscreening.crypto;

import jakarta.inject.Singleton;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals secrets at rest with AES-256-GCM (authenticated encryption) under a subkey of the
 * active master key, one subkey per purpose. The ciphertext is bound to what it belongs to
 * (associated data, such as an applicant id), so it cannot be copied onto another record;
 * the id of the master key is kept beside it, so keys can rotate.
 */
@Singleton
public class Sealer {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SealingKeys keys;

    public Sealer(SealingKeys keys) {
        this.keys = keys;
    }

    /** A sealed value: the nonce followed by the ciphertext, and the id of the master key. */
    public record Sealed(byte[] ciphertext, String keyId) {
    }

    public Sealed seal(String purpose, String boundTo, byte[] plaintext) {
        KeyRing.Key key = keys.forSealing();
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        byte[] sealed = run(Cipher.ENCRYPT_MODE, key, purpose, nonce, boundTo, plaintext);
        return new Sealed(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array(), key.id());
    }

    public byte[] open(String purpose, String boundTo, Sealed sealed) {
        byte[] all = sealed.ciphertext();
        return run(Cipher.DECRYPT_MODE, keys.get(sealed.keyId()), purpose, Arrays.copyOf(all, NONCE_BYTES), boundTo,
                Arrays.copyOfRange(all, NONCE_BYTES, all.length));
    }

    private static byte[] run(int mode, KeyRing.Key key, String purpose, byte[] nonce, String boundTo, byte[] input) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, new SecretKeySpec(key.derive(purpose), "AES"), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(boundTo.getBytes(StandardCharsets.UTF_8));
            return cipher.doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealing failed for " + purpose + " (wrong key or altered ciphertext)", e);
        }
    }
}
