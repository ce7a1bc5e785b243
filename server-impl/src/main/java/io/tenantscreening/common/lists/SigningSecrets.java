package io.tenantscreening.common.lists;

import jakarta.inject.Singleton;

/**
 * Secrets the service signs its own tokens with (list cursors). They live in the database,
 * created once by whichever instance needs them first, so every instance over the same
 * database shares them without configuration.
 */
@Singleton
public class SigningSecrets {

    private static final String CURSOR = "cursor";

    private final SigningSecretRepository repository;
    private volatile byte[] cursorSecret;

    public SigningSecrets(SigningSecretRepository repository) {
        this.repository = repository;
    }

    public byte[] cursorSecret() {
        byte[] secret = cursorSecret;
        if (secret == null) {
            secret = repository.loadOrCreate(CURSOR);
            cursorSecret = secret;
        }
        return secret;
    }
}
