package io.tenantscreening.applicants;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.crypto.SealingKeys;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * docs/design.md#secrets-at-rest: the SSN is sealed for its applicant and never printed in
 * full (the Applicant schema of openapi.yaml: the full SSN is never returned).
 */
class SsnCipherTest {

    private static final String KEYS = "k1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    private final Sealer sealer = sealer();

    @Test
    void theSsnIsSealedForItsApplicant() {
        Sealer.Sealed sealed = new SsnCipher(sealer).seal("ap_1", Ssn.parse("123-45-6789"));

        assertThat(new String(sealed.ciphertext(), StandardCharsets.ISO_8859_1)).doesNotContain("123456789");
        assertThat(new String(sealer.open(SsnCipher.PURPOSE, "ap_1", sealed), StandardCharsets.US_ASCII)).isEqualTo("123456789");
        assertThatThrownBy(() -> sealer.open(SsnCipher.PURPOSE, "ap_2", sealed)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theSsnNeverPrintsInFull() {
        Ssn ssn = Ssn.parse("123-45-6789");

        assertThat(ssn.toString()).isEqualTo("XXX-XX-6789");
        assertThat(new NewApplicant("A", "B", "a@b.example", null, null, ssn).toString()).doesNotContain("12345");
    }

    private static Sealer sealer() {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return new Sealer(new SealingKeys(new KeyRing(KEYS, settings), id -> { }));
    }
}
