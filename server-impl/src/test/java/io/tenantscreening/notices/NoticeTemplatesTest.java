package io.tenantscreening.notices;

import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.pdf.PdfPages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.tenantscreening.notices.NoticeFixtures.agency;
import static io.tenantscreening.notices.NoticeFixtures.declineWithScore;
import static io.tenantscreening.notices.NoticeFixtures.preAdverse;
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

    /**
     * FCRA section 609(c), 12 CFR part 1022 appendix K; docs/operators.md#the-agency-and-its-notices:
     * an operator who would rather give the official form replaces summary-of-rights.xml in
     * their set, and the pre-adverse notice, the applicant's copy as a page and its PDF all
     * carry theirs instead of ours.
     */
    @Test
    void anOperatorsSummaryOfRightsReplacesOursInTheNoticeAndTheApplicantsCopy() throws IOException {
        Path directory = copyOfTheBuiltInSet("acme-2027-02");
        Files.writeString(directory.resolve("summary-of-rights.xml"), """
                <summary xmlns:th="http://www.thymeleaf.org"><th:block th:fragment="rights">
                    <h2>Para informacion en espanol: the official form</h2>
                    <p><b>You must be told if information in your file has been used against you.</b> As the form says.</p>
                    <ul><li th:text="|Sent by ${agency.name()}|">Sent by the agency</li></ul>
                </th:block></summary>
                """);
        NoticeTemplates templates = new NoticeTemplates(directory.toString());
        RightsSummary rights = new RightsSummary(templates, agency());

        String notice = read(new NoticeDocuments(templates, agency()).render(preAdverse())).text();
        String copy = read(PdfPages.document("copy", new PdfPages.Frame(700, 60, 1.4f, PdfPages.Header.NONE,
                (pages, number, count) -> { }), rights::write)).text();

        for (String text : List.of(notice, copy)) {
            assertThat(text).contains("Para informacion en espanol: the official form",
                    "You must be told if information in your file has been used against you. As the form says.",
                    "Sent by Fictitious Reporting Agency").doesNotContain("Who enforces the law");
        }
        assertThat(rights.html()).isEqualTo("""
                <h2>Para informacion en espanol: the official form</h2>
                <p><strong>You must be told if information in your file has been used against you.</strong> As the form says.</p>
                <ul><li>Sent by Fictitious Reporting Agency</li></ul>
                """);
    }

    /** docs/operators.md#the-agency-and-its-notices: a summary of rights in blocks the documents cannot show stops the start, naming the file. */
    @Test
    void aSummaryOfRightsWithABlockTheDocumentsCannotShowIsRefusedNamingTheFile() throws IOException {
        Path directory = copyOfTheBuiltInSet("acme-table");
        Files.writeString(directory.resolve("summary-of-rights.xml"),
                "<summary xmlns:th=\"http://www.thymeleaf.org\"><th:block th:fragment=\"rights\"><table/></th:block></summary>");
        NoticeTemplates templates = new NoticeTemplates(directory.toString());

        assertThatThrownBy(() -> new RightsSummary(templates, agency()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("summary-of-rights.xml: the summary has a block <table>; its blocks are h2, p, small, ul and ol");
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
