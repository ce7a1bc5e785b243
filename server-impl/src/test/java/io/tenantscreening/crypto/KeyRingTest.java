package io.tenantscreening.crypto;

import io.tenantscreening.common.ServiceSettings;
import org.junit.jupiter.api.Test;

import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The master keys: the first listed is active, the others stay readable, and bad settings stop the service. */
class KeyRingTest {

    private static final String KEY = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    @Test
    void theFirstKeyIsActiveAndEveryListedKeyIsFound() {
        KeyRing ring = new KeyRing("new:" + KEY + ", old:" + KEY, environment("production"));

        assertThat(ring.active().id()).isEqualTo("new");
        assertThat(ring.get("old").id()).isEqualTo("old");
        assertThatThrownBy(() -> ring.get("gone")).hasMessageContaining("gone");
    }

    @Test
    void subkeysDifferByPurposeAndFromTheMasterKey() {
        KeyRing.Key key = new KeyRing("k:" + KEY, environment("production")).active();

        assertThat(key.derive("a")).hasSize(32).isNotEqualTo(key.derive("b")).isNotEqualTo(Base64.getDecoder().decode(KEY));
    }

    @Test
    void aSubkeyIsTheSameEachTimeAndCallersGetTheirOwnCopy() {
        KeyRing.Key key = new KeyRing("k:" + KEY, environment("production")).active();
        byte[] first = key.derive("a");
        byte[] expected = first.clone();

        first[0] ^= 1;

        assertThat(key.derive("a")).isEqualTo(expected);
    }

    @Test
    void onlyDevelopmentMayRunWithoutKeys() {
        assertThat(new KeyRing("", environment("development")).active().id()).isEqualTo("development");
        assertThatThrownBy(() -> new KeyRing("", environment("production"))).hasMessageContaining("SCREENING_KEYS is not set");
    }

    @Test
    void malformedSettingsAreRefusedWithTheReason() {
        ServiceSettings production = environment("production");

        assertThatThrownBy(() -> new KeyRing("nocolon", production)).hasMessageContaining("<id>:<base64");
        assertThatThrownBy(() -> new KeyRing("k:not base64!", production)).hasMessageContaining("not valid base64");
        assertThatThrownBy(() -> new KeyRing("k:c2hvcnQ=", production)).hasMessageContaining("must be 32 bytes");
        assertThatThrownBy(() -> new KeyRing("k:" + KEY + ",k:" + KEY, production)).hasMessageContaining("twice");
    }

    private static ServiceSettings environment(String name) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment(name);
        return settings;
    }
}
