package io.tenantscreening.applicants;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.crypto.KeyRing;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Seed: Applicant, ssn ("the full SSN is never returned"); issue: SSN sealed with authenticated encryption, key id kept for rotation. */
class SsnCipherTest {

    private static final String OLD = "k1:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String NEW = "k2:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    @Test
    void sealsWithTheActiveKeyAndOpensAgain() {
        SsnCipher cipher = cipher(NEW + "," + OLD);

        SsnCipher.Sealed sealed = cipher.seal("ap_1", Ssn.parse("123-45-6789"));

        assertThat(sealed.keyId()).isEqualTo("k2");
        assertThat(new String(sealed.ciphertext(), StandardCharsets.ISO_8859_1)).doesNotContain("123456789");
        assertThat(cipher.open("ap_1", sealed).digits()).isEqualTo("123456789");
    }

    @Test
    void twoSealsOfOneNumberDiffer() {
        SsnCipher cipher = cipher(NEW);

        assertThat(cipher.seal("ap_1", Ssn.parse("123456789")).ciphertext())
                .isNotEqualTo(cipher.seal("ap_1", Ssn.parse("123456789")).ciphertext());
    }

    @Test
    void afterRotationOldCiphertextsStillOpen() {
        SsnCipher.Sealed sealedBefore = cipher(OLD).seal("ap_1", Ssn.parse("123456789"));

        assertThat(cipher(NEW + "," + OLD).open("ap_1", sealedBefore).digits()).isEqualTo("123456789");
    }

    @Test
    void aCiphertextMovedToAnotherApplicantOrAlteredDoesNotOpen() {
        SsnCipher cipher = cipher(NEW);
        SsnCipher.Sealed sealed = cipher.seal("ap_1", Ssn.parse("123456789"));
        byte[] altered = sealed.ciphertext().clone();
        altered[altered.length - 1] ^= 1;

        assertThatThrownBy(() -> cipher.open("ap_2", sealed)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cipher.open("ap_1", new SsnCipher.Sealed(altered, "k2")))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theSsnNeverPrintsInFull() {
        Ssn ssn = Ssn.parse("123-45-6789");

        assertThat(ssn.toString()).isEqualTo("XXX-XX-6789");
        assertThat(new NewApplicant("A", "B", "a@b.example", null, null, ssn).toString()).doesNotContain("12345");
    }

    private static SsnCipher cipher(String keys) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return new SsnCipher(new KeyRing(keys, settings));
    }
}
