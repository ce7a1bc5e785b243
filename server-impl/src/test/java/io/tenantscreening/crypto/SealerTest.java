package io.tenantscreening.crypto;

import io.tenantscreening.common.ServiceSettings;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Authenticated encryption of stored secrets, bound to their record, with key ids for rotation. */
class SealerTest {

    private static final String OLD = "k1:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String NEW = "k2:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final byte[] SECRET = "123456789".getBytes(StandardCharsets.US_ASCII);

    @Test
    void sealsWithTheActiveKeyAndOpensAgain() {
        Sealer sealer = sealer(NEW + "," + OLD);

        Sealer.Sealed sealed = sealer.seal("p", "ap_1", SECRET);

        assertThat(sealed.keyId()).isEqualTo("k2");
        assertThat(new String(sealed.ciphertext(), StandardCharsets.ISO_8859_1)).doesNotContain("123456789");
        assertThat(sealer.open("p", "ap_1", sealed)).isEqualTo(SECRET);
    }

    @Test
    void twoSealsOfOneValueDiffer() {
        Sealer sealer = sealer(NEW);

        assertThat(sealer.seal("p", "ap_1", SECRET).ciphertext()).isNotEqualTo(sealer.seal("p", "ap_1", SECRET).ciphertext());
    }

    @Test
    void afterRotationOldCiphertextsStillOpen() {
        Sealer.Sealed sealedBefore = sealer(OLD).seal("p", "ap_1", SECRET);

        assertThat(sealer(NEW + "," + OLD).open("p", "ap_1", sealedBefore)).isEqualTo(SECRET);
    }

    @Test
    void aCiphertextMovedToAnotherRecordOrPurposeOrAlteredDoesNotOpen() {
        Sealer sealer = sealer(NEW);
        Sealer.Sealed sealed = sealer.seal("p", "ap_1", SECRET);
        byte[] altered = sealed.ciphertext().clone();
        altered[altered.length - 1] ^= 1;

        assertThatThrownBy(() -> sealer.open("p", "ap_2", sealed)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> sealer.open("q", "ap_1", sealed)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> sealer.open("p", "ap_1", new Sealer.Sealed(altered, "k2"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aKeyIsRecordedTheFirstTimeItSealsAndOnlyThen() {
        List<String> recorded = new ArrayList<>();
        Sealer sealer = new Sealer(new SealingKeys(ring(NEW + "," + OLD), recorded::add));

        assertThat(recorded).isEmpty();
        sealer.seal("p", "ap_1", SECRET);
        sealer.seal("p", "ap_2", SECRET);

        assertThat(recorded).containsExactly("k2");
    }

    static Sealer sealer(String keys) {
        return new Sealer(new SealingKeys(ring(keys), id -> { }));
    }

    private static KeyRing ring(String keys) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return new KeyRing(keys, settings);
    }
}
