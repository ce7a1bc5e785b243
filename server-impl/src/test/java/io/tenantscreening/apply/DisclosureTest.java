package io.tenantscreening.apply;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The disclosure the applicant consents to ({@link Disclosure}): the text of the version in
 * force, kept with the service as {@code disclosures/<version>.txt}, so that the consent
 * record names the version the applicant read (docs/integrators.md#the-apply-flow: the
 * consent is stored with its disclosure version); the page shows it paragraph by paragraph.
 */
class DisclosureTest {

    @Test
    void thePageShowsTheTextOfTheVersionInForceParagraphByParagraph() throws IOException {
        Disclosure disclosure = new Disclosure();
        String text = Files.readString(Path.of("src/main/resources/disclosures", disclosure.version() + ".txt"));

        assertThat(disclosure.version()).isEqualTo(Disclosure.VERSION).matches("\\d{4}-\\d{2}-\\d{2}");
        assertThat(disclosure.paragraphs()).hasSizeGreaterThan(1).allSatisfy(paragraph -> {
            assertThat(paragraph).isNotBlank().isEqualTo(paragraph.strip());
            assertThat(text).contains(paragraph);
        });
        assertThat(String.join("", disclosure.paragraphs()).replaceAll("\\s", "")).isEqualTo(text.replaceAll("\\s", ""));
    }
}
