package io.tenantscreening.apply;

import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The disclosure an applicant consents to on the apply page: a text kept with the service
 * (resource {@code disclosures/<version>.txt}), never in the database, so that every
 * consent record names the exact version the applicant read. A new text is a new file and
 * a new {@link #VERSION}; older files stay, as consents refer to them.
 */
@Singleton
public class Disclosure {

    /** The version applicants consent to now. */
    public static final String VERSION = "2026-11-01";

    private final List<String> paragraphs;

    public Disclosure() {
        String resource = "disclosures/" + VERSION + ".txt";
        try (InputStream in = Disclosure.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the disclosure text " + resource + " is missing");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            paragraphs = Arrays.stream(text.split("\\n\\s*\\n")).map(String::strip).filter(p -> !p.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String version() {
        return VERSION;
    }

    public List<String> paragraphs() {
        return paragraphs;
    }
}
