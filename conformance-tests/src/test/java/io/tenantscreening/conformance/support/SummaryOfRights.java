package io.tenantscreening.conformance.support;

import org.assertj.core.api.SoftAssertions;
import org.unbescape.html.HtmlEscape;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every element of the model "Summary of Consumer Rights" (FCRA section 609(c), 12 CFR part
 * 1022 appendix K), by the words of the service's summary that state it: a short form of
 * server-impl's AppendixK for reading documents over HTTP, the page's text without its tags,
 * a PDF's without the header and footer its pages repeat.
 */
public final class SummaryOfRights {

    private static final Map<String, List<String>> ELEMENTS = Map.ofEntries(
            Map.entry("the FCRA's purpose and where to learn more", List.of("accurate, fair and private", "rental history records",
                    "visit www.consumerfinance.gov/learnmore", "Consumer Financial Protection Bureau, 1700 G Street NW, Washington, DC 20552")),
            Map.entry("the summary in Spanish", List.of("Información en español")),
            Map.entry("you must be told if information in your file has been used against you",
                    List.of("You must be told when information in your file is used against you.")),
            Map.entry("you have the right to know what is in your file", List.of("You may find out what is in your file.")),
            Map.entry("when file disclosures are free", List.of("someone took adverse action against you",
                    "victim of identity theft and place a fraud alert", "inaccurate information because of fraud",
                    "you receive public assistance", "unemployed and expect to apply for a job within 60 days",
                    "one free disclosure every 12 months")),
            Map.entry("the right to ask for a credit score", List.of("You may ask for a credit score.")),
            Map.entry("the right to dispute", List.of("You may dispute information that is incomplete or inaccurate.")),
            Map.entry("agencies must correct or delete", List.of("Agencies must correct or delete what is inaccurate, incomplete or cannot be verified,")),
            Map.entry("no outdated negative information", List.of("Agencies may not report negative information that is out of date.",
                    "more than seven years old", "more than 10 years old")),
            Map.entry("access to your file is limited", List.of("Access to your file is limited.")),
            Map.entry("consent for employers", List.of("Employers need your consent.")),
            Map.entry("prescreened offers", List.of("You may limit \"prescreened\" offers of credit and insurance", "1-888-567-8688")),
            Map.entry("security freeze and fraud alerts", List.of("You may freeze your credit report.", "security freeze free of charge",
                    "an initial or an extended fraud alert", "lasts seven years", "A freeze does not stop those you already have an account with")),
            Map.entry("damages from violators", List.of("You may seek damages from those who break the law.")),
            Map.entry("identity theft victims and active duty military personnel",
                    List.of("Victims of identity theft and active duty military personnel have more rights.")),
            Map.entry("states enforce the FCRA and have their own laws", List.of("The states may enforce the FCRA", "state Attorney General")),
            Map.entry("the federal agencies that enforce the FCRA, with their addresses", List.of(
                    "Consumer Financial Protection Bureau, 1700 G Street NW, Washington, DC 20552. Affiliates",
                    "Office of the Comptroller of the Currency, Customer Assistance Group, P.O. Box 53570, Houston, TX 77052.",
                    "Federal Reserve Consumer Help Center, P.O. Box 1200, Minneapolis, MN 55480.",
                    "Federal Deposit Insurance Corporation, Division of Depositor and Consumer Protection",
                    "1100 Walnut Street, Box #11, Kansas City, MO 64106.",
                    "National Credit Union Administration, Office of Consumer Financial Protection, 1775 Duke Street, Alexandria, VA 22314.",
                    "Office of Aviation Consumer Protection, 1200 New Jersey Avenue SE, Washington, DC 20590.",
                    "Surface Transportation Board, Office of Public Assistance, Governmental Affairs, and Compliance, 395 E Street SW",
                    "Packers and Stockyards Division",
                    "Office of Capital Access, 409 Third Street SW, Suite 8200, Washington, DC 20416.",
                    "Securities and Exchange Commission, 100 F Street NE, Washington, DC 20549.",
                    "Farm Credit Administration, 1501 Farm Credit Drive, McLean, VA 22102-5090.",
                    "Federal Trade Commission, Consumer Response Center, 600 Pennsylvania Avenue NW, Washington, DC 20580, (877) 382-4357.")));

    private SummaryOfRights() {
    }

    /** Fails, naming each element missing, unless the page's HTML states every element. */
    public static void assertInPage(String document, String html) {
        assertIn(document, HtmlEscape.unescapeHtml(html.replaceAll("<[^>]*>", " ")));
    }

    /**
     * Fails, naming each element missing, unless a PDF's text (from PDFTextStripper) states
     * every element: the applicant's copy or a notice, less the agency's header and the footer
     * that their pages repeat.
     */
    public static void assertInPdf(String document, String text) {
        assertIn(document, text.lines()
                .filter(line -> !line.strip().equals("CONSUMER REPORTING AGENCY") && !line.startsWith(TestServer.AGENCY_NAME)
                        && !line.startsWith(TestServer.AGENCY_ADDRESS) && !line.startsWith("Results as the providers gave them")
                        && !line.strip().matches(".*Page \\d+ of \\d+"))
                .collect(Collectors.joining(" ")));
    }

    private static void assertIn(String document, String text) {
        String collapsed = text.replaceAll("\\s+", " ");
        SoftAssertions softly = new SoftAssertions();
        ELEMENTS.forEach((element, words) -> softly.assertThat(collapsed)
                .as("%s states, as 12 CFR part 1022 appendix K does: %s", document, element).contains(words));
        softly.assertAll();
    }
}
