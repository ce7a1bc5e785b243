package io.tenantscreening.pages;

import io.tenantscreening.crypto.Hmac;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.SealingKeys;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * The apply form's CSRF token: {@code <key id>.<HMAC-SHA256 of the application token>}
 * under a subkey of a master key. It is bound to the application token, so it is only
 * good for the page it was written into, and a page on another site cannot know it (it
 * would have to read our page, which the browser forbids). No cookie is involved, so a
 * cross-site form has nothing to ride on.
 */
@Singleton
public class FormTokens {

    private static final String PURPOSE = "apply-form";

    private final SealingKeys keys;

    public FormTokens(SealingKeys keys) {
        this.keys = keys;
    }

    public String issue(String applicationToken) {
        KeyRing.Key key = keys.forSealing();
        return key.id() + "." + mac(key, applicationToken);
    }

    /** Whether the form token was issued for this application token (compared in constant time). */
    public boolean accepts(String formToken, String applicationToken) {
        if (formToken == null) {
            return false;
        }
        int dot = formToken.indexOf('.');
        if (dot < 0) {
            return false;
        }
        KeyRing.Key key;
        try {
            key = keys.get(formToken.substring(0, dot));
        } catch (IllegalStateException retiredKey) {
            return false;
        }
        return MessageDigest.isEqual(formToken.substring(dot + 1).getBytes(StandardCharsets.US_ASCII),
                mac(key, applicationToken).getBytes(StandardCharsets.US_ASCII));
    }

    private static String mac(KeyRing.Key key, String applicationToken) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(
                Hmac.sha256(key.derive(PURPOSE), applicationToken.getBytes(StandardCharsets.US_ASCII)));
    }
}
