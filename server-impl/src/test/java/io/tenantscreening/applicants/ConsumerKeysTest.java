package io.tenantscreening.applicants;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.SealingKeys;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consumer's file (FCRA 609(a): the file of the consumer, not one report;
 * docs/design.md#secrets-at-rest, "Consumers"): one consumer is recognised across orders by a keyed
 * digest of SSN and date of birth, never the SSN in clear, and still after the master key
 * rotates.
 */
class ConsumerKeysTest {

    private static final String OLD = "k1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String NEW = "k2:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final Ssn SSN = Ssn.parse("123-45-6789");
    private static final LocalDate DOB = LocalDate.of(1990, 5, 17);

    @Test
    void theSameSsnAndDateOfBirthGiveTheSameKeyAndTheSsnIsNotInIt() {
        ConsumerKeys keys = keys(OLD);

        ConsumerKeys.Key key = keys.of(SSN, DOB);

        assertThat(key.digest()).hasSize(32).isEqualTo(keys.of(Ssn.parse("123456789"), DOB).digest());
        assertThat(key.keyId()).isEqualTo("k1");
        assertThat(HexFormat.of().formatHex(key.digest())).doesNotContain("123456789");
        assertThat(new String(key.digest(), StandardCharsets.ISO_8859_1)).doesNotContain("123456789");
    }

    @Test
    void anotherSsnOrDateOfBirthIsAnotherConsumer() {
        ConsumerKeys keys = keys(OLD);

        assertThat(keys.of(SSN, DOB).digest()).isNotEqualTo(keys.of(Ssn.parse("123-45-6788"), DOB).digest())
                .isNotEqualTo(keys.of(SSN, DOB.plusDays(1)).digest());
    }

    @Test
    void aConsumerRecognisedUnderAnOlderKeyIsStillFoundAfterARotation() {
        byte[] before = keys(OLD).of(SSN, DOB).digest();
        ConsumerKeys rotated = keys(NEW + "," + OLD);

        assertThat(rotated.of(SSN, DOB).keyId()).isEqualTo("k2");
        assertThat(rotated.of(SSN, DOB).digest()).isNotEqualTo(before);
        assertThat(rotated.candidates(SSN, DOB)).hasSize(2).anySatisfy(candidate -> assertThat(candidate).isEqualTo(before));
    }

    private static ConsumerKeys keys(String configured) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        KeyRing ring = new KeyRing(configured, settings);
        return new ConsumerKeys(new SealingKeys(ring, id -> { }), ring);
    }
}
