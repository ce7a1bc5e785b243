package io.tenantscreening.apply;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.SealingKeys;
import io.tenantscreening.pages.FormTokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CSRF token of the forms of the applicants' pages ({@link FormTokens}, the apply form and
 * the forms of the applicant's copy): an HMAC of the link's token under a subkey of a master
 * key, good only for the page it was written into, with no cookie for a cross-site form to
 * ride on (docs/design.md#the-applicants-pages); a key rotated out of the ring no longer
 * vouches for it (docs/operators.md#master-keys).
 */
class FormTokensTest {

    private static final String OLD = "k1:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String NEW = "k2:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String PAGE = "Qk7xq0d3mZcV8n2LrT5sYwP1uA9eJ6hG4iF0oK3bN7c";
    private static final String OTHER_PAGE = "Qk7xq0d3mZcV8n2LrT5sYwP1uA9eJ6hG4iF0oK3bN7d";

    private final FormTokens tokens = tokens(NEW);

    @Test
    void aTokenIsTheKeysIdAndA256BitMacAndTheSamePageAlwaysGetsTheSameOne() {
        String token = tokens.issue(PAGE);

        assertThat(token).matches("k2\\.[A-Za-z0-9_-]{43}");
        assertThat(tokens.issue(PAGE)).isEqualTo(token);
    }

    @Test
    void aTokenIsGoodForItsOwnPageOnly() {
        String token = tokens.issue(PAGE);

        assertThat(tokens.accepts(token, PAGE)).isTrue();
        assertThat(tokens.accepts(token, OTHER_PAGE)).isFalse();
        assertThat(tokens.accepts(tokens.issue(OTHER_PAGE), PAGE)).isFalse();
    }

    @Test
    void anotherMasterKeyMakesOtherTokens() {
        assertThat(tokens(NEW.replace("k2:", "k1:")).issue(PAGE).substring(3)).isNotEqualTo(tokens(OLD).issue(PAGE).substring(3));
        assertThat(tokens(OLD).accepts("k1." + tokens.issue(PAGE).substring(3), PAGE)).isFalse();
    }

    @Test
    void aPageWrittenBeforeARotationIsStillAcceptedWhileItsKeyIsInTheRing() {
        String beforeRotation = tokens(OLD).issue(PAGE);
        FormTokens rotated = tokens(NEW + "," + OLD);

        assertThat(rotated.issue(PAGE)).startsWith("k2.");
        assertThat(rotated.accepts(beforeRotation, PAGE)).isTrue();
    }

    @Test
    void aTokenOfAKeyNoLongerInTheRingIsRefused() {
        String ofRetiredKey = tokens(OLD).issue(PAGE);

        assertThat(tokens.accepts(ofRetiredKey, PAGE)).isFalse();
    }

    @Test
    void theKeyIdDoesNotChooseAnotherKeyForTheSameMac() {
        FormTokens both = tokens(NEW + "," + OLD);
        String token = both.issue(PAGE);

        assertThat(both.accepts("k1" + token.substring(2), PAGE)).isFalse();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"k2", "k2.", ".", "no-dot-at-all", "k9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "..k2"})
    void aMissingOrMalformedTokenIsRefused(String formToken) {
        assertThat(tokens.accepts(formToken, PAGE)).isFalse();
    }

    @Test
    void aTokenAlteredInAnyWayIsRefused() {
        String token = tokens.issue(PAGE);
        String mac = token.substring(3);

        assertThat(tokens.accepts(token.substring(0, token.length() - 1), PAGE)).as("shortened").isFalse();
        assertThat(tokens.accepts(token + "A", PAGE)).as("lengthened").isFalse();
        assertThat(tokens.accepts("k2." + mac.toUpperCase(), PAGE)).as("case changed").isFalse();
        assertThat(tokens.accepts("k2." + (mac.charAt(0) == 'A' ? 'B' : 'A') + mac.substring(1), PAGE)).as("one character").isFalse();
        assertThat(tokens.accepts(" " + token, PAGE)).as("with a space").isFalse();
    }

    private static FormTokens tokens(String keys) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return new FormTokens(new SealingKeys(new KeyRing(keys, settings), id -> { }));
    }
}
