package io.tenantscreening.notices;

import io.tenantscreening.email.EmailMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.tenantscreening.notices.NoticeFixtures.agency;
import static io.tenantscreening.notices.NoticeFixtures.declineWithScore;
import static io.tenantscreening.notices.NoticeFixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The operator's own notice templates (NOTICE_TEMPLATES,
 * docs/operators.md#the-agency-and-its-notices): a directory with every file of the built-in
 * set replaces it, and the notices name it; a directory that lacks a file stops the start
 * with a message that names the setting and the file.
 */
class NoticeTemplatesTest {

    @TempDir
    Path temporary;

    @Test
    void anOperatorsDirectoryReplacesTheBuiltInTemplatesAndTheNoticesNameIt() throws IOException {
        Path directory = copyOfTheBuiltInSet("acme-2027-01");
        Path notice = directory.resolve("adverse-action.xml");
        Files.writeString(notice, Files.readString(notice).replace("<h1>Notice of adverse action</h1>", "<h1>Acme's notice of adverse action</h1>"));
        Files.writeString(directory.resolve("adverse-action-email-subject.txt"), "Acme: about [(${notice.propertyAddress()})]");
        Files.writeString(directory.resolve("reasons.properties"), "evictions_above_maximum=Acme's words for evictions.\n");
        NoticeTemplates templates = new NoticeTemplates(directory.toString());

        String text = read(new NoticeDocuments(templates, agency()).render(declineWithScore())).text();
        EmailMessage email = new NoticeEmails(templates, agency()).message(declineWithScore(), new byte[]{1}, null);

        assertThat(text).contains("Acme's notice of adverse action", "Acme's words for evictions.")
                .containsPattern("Notice templates acme-2027-01 \\([0-9a-f]{8}\\)")
                .as("a code the operator's reasons do not word is stated as given").contains("credit_score_below_minimum");
        assertThat(email.subject()).isEqualTo("Acme: about 12 Main St, Apt 4, Austin, TX 78701");
        assertThat(templates.version()).isNotEqualTo(new NoticeTemplates("").version());
    }

    @Test
    void aDirectoryThatLacksAFileIsRefusedNamingTheSettingAndTheFile() throws IOException {
        Path directory = copyOfTheBuiltInSet("incomplete");
        Files.delete(directory.resolve("pre-adverse.xml"));
        Files.delete(directory.resolve("reasons.properties"));

        assertThatThrownBy(() -> new NoticeTemplates(directory.toString()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("NOTICE_TEMPLATES: " + directory + " lacks pre-adverse.xml, reasons.properties;");
    }

    @Test
    void aPathThatIsNoDirectoryIsRefused() {
        Path missing = temporary.resolve("nowhere");

        assertThatThrownBy(() -> new NoticeTemplates(missing.toString()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("NOTICE_TEMPLATES: " + missing + " is not a directory.");
    }

    private Path copyOfTheBuiltInSet(String name) throws IOException {
        Path directory = Files.createDirectory(temporary.resolve(name));
        for (String file : NoticeTemplates.FILES) {
            try (InputStream in = NoticeTemplates.class.getResourceAsStream("/notices/" + NoticeTemplates.BUILT_IN_VERSION + "/" + file)) {
                Files.write(directory.resolve(file), in.readAllBytes());
            }
        }
        return directory;
    }
}
