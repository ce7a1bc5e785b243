package io.tenantscreening.notices;

import io.tenantscreening.common.Text;
import org.assertj.core.api.SoftAssertions;

import java.util.List;

/**
 * Every element of the model "Summary of Consumer Rights" (FCRA section 609(c), 12 CFR part
 * 1022 appendix K, with the federal agencies' addresses as the rule of March 20, 2023 and its
 * correction of August 25, 2023 gave them), each with the words of summary-of-rights.xml that
 * state it. Kept apart from the summary itself, so that an element taken out of the summary
 * fails the tests of every document that must carry it.
 */
public final class AppendixK {

    /** An element of the form, and the words that state it in our summary. */
    public record Element(String name, List<String> words) {
    }

    public static final List<Element> ELEMENTS = List.of(
            element("the FCRA's purpose, the kinds of agencies, and where to learn more", "accurate, fair and private",
                    "specialty agencies", "rental history records", "visit www.consumerfinance.gov/learnmore",
                    "Consumer Financial Protection Bureau, 1700 G Street NW, Washington, DC 20552"),
            element("where to find the summary in Spanish", "Información en español: www.consumerfinance.gov/learnmore"),
            element("you must be told if information in your file has been used against you",
                    "You must be told when information in your file is used against you.",
                    "the name, address and telephone number of the agency that supplied the report"),
            element("you have the right to know what is in your file", "You may find out what is in your file.",
                    "(your \"file disclosure\")", "Social Security number"),
            element("a free disclosure after adverse action", "someone took adverse action against you because of information in your report"),
            element("a free disclosure for an identity theft victim who places a fraud alert",
                    "you are a victim of identity theft and place a fraud alert in your file"),
            element("a free disclosure when the file is inaccurate because of fraud", "your file holds inaccurate information because of fraud"),
            element("a free disclosure on public assistance", "you receive public assistance"),
            element("a free disclosure when unemployed and applying for work within 60 days",
                    "you are unemployed and expect to apply for a job within 60 days"),
            element("one free disclosure every 12 months from each nationwide credit bureau and nationwide specialty agency",
                    "one free disclosure every 12 months", "each nationwide credit bureau",
                    "each nationwide specialty consumer reporting agency"),
            element("you have the right to ask for a credit score", "You may ask for a credit score.", "loans on homes",
                    "In some mortgage loans the lender gives you credit score information for free."),
            element("you have the right to dispute incomplete or inaccurate information",
                    "You may dispute information that is incomplete or inaccurate.", "unless your dispute is frivolous"),
            element("agencies must correct or delete inaccurate, incomplete, or unverifiable information",
                    "Agencies must correct or delete what is inaccurate, incomplete or cannot be verified, usually within 30 days.",
                    "verified as accurate"),
            element("agencies may not report outdated negative information",
                    "Agencies may not report negative information that is out of date.", "more than seven years old",
                    "bankruptcies that are more than 10 years old"),
            element("access to your file is limited", "Access to your file is limited.", "valid need",
                    "creditor, insurer, employer, landlord or other business"),
            element("you must give your consent for reports to be provided to employers", "Employers need your consent.",
                    "your consent in writing", "trucking industry"),
            element("you may limit prescreened offers of credit and insurance",
                    "You may limit \"prescreened\" offers of credit and insurance", "toll-free telephone number",
                    "1-888-567-8688"),
            element("the right to a security freeze, free from the nationwide agencies", "You may freeze your credit report.",
                    "nationwide consumer reporting agencies, which must place a security freeze free of charge",
                    "without your express permission", "delay, get in the way of, or prevent the timely approval"),
            element("initial and extended fraud alerts at no cost", "an initial or an extended fraud alert",
                    "at no cost", "An initial fraud alert lasts one year", "verify who you are before it extends new credit",
                    "an extended fraud alert, which lasts seven years"),
            element("a freeze does not apply to those you have an existing account with",
                    "A freeze does not stop those you already have an account with", "to review or collect that account"),
            element("you may seek damages from violators", "You may seek damages from those who break the law.",
                    "sue in a state or federal court"),
            element("identity theft victims and active duty military personnel have additional rights",
                    "Victims of identity theft and active duty military personnel have more rights."),
            element("states may enforce the FCRA and many states have their own laws", "The states may enforce the FCRA",
                    "consumer reporting laws of their own", "your state or local consumer protection agency, or your state Attorney General"),
            element("federal agencies: banks, savings associations and credit unions over $10 billion, and their affiliates",
                    "total assets over $10 billion, and their affiliates",
                    "Consumer Financial Protection Bureau, 1700 G Street NW, Washington, DC 20552. Affiliates that are not banks, "
                            + "savings associations or credit unions: also the Federal Trade Commission, Consumer Response Center, "
                            + "600 Pennsylvania Avenue NW, Washington, DC 20580, (877) 382-4357."),
            element("federal agencies: national banks, federal savings associations, federal branches and agencies of foreign banks",
                    "national banks, federal savings associations, and federal branches and federal agencies of foreign banks",
                    "Office of the Comptroller of the Currency, Customer Assistance Group, P.O. Box 53570, Houston, TX 77052."),
            element("federal agencies: state member banks and the rest of the Federal Reserve's",
                    "state member banks", "section 25 or 25A of the Federal Reserve Act",
                    "Federal Reserve Consumer Help Center, P.O. Box 1200, Minneapolis, MN 55480."),
            element("federal agencies: nonmember insured banks and insured state savings associations",
                    "nonmember insured banks, insured state branches of foreign banks, and insured state savings associations",
                    "Federal Deposit Insurance Corporation, Division of Depositor and Consumer Protection, National Center for "
                            + "Consumer and Depositor Assistance, 1100 Walnut Street, Box #11, Kansas City, MO 64106."),
            element("federal agencies: federal credit unions", "federal credit unions",
                    "National Credit Union Administration, Office of Consumer Financial Protection, 1775 Duke Street, Alexandria, VA 22314."),
            element("federal agencies: air carriers", "Air carriers",
                    "Department of Transportation, Assistant General Counsel for the Office of Aviation Consumer Protection, "
                            + "1200 New Jersey Avenue SE, Washington, DC 20590."),
            element("federal agencies: creditors subject to the Surface Transportation Board",
                    "Creditors subject to the Surface Transportation Board",
                    "Surface Transportation Board, Office of Public Assistance, Governmental Affairs, and Compliance, 395 E Street SW, "
                            + "Washington, DC 20423."),
            element("federal agencies: creditors subject to the Packers and Stockyards Act",
                    "Creditors subject to the Packers and Stockyards Act, 1921",
                    "the nearest regional office of the Packers and Stockyards Division."),
            element("federal agencies: small business investment companies", "Small business investment companies",
                    "United States Small Business Administration, Associate Administrator, Office of Capital Access, "
                            + "409 Third Street SW, Suite 8200, Washington, DC 20416."),
            element("federal agencies: brokers and dealers", "Brokers and dealers",
                    "Securities and Exchange Commission, 100 F Street NE, Washington, DC 20549."),
            element("federal agencies: members of the Farm Credit System", "Institutions that are members of the Farm Credit System",
                    "Farm Credit Administration, 1501 Farm Credit Drive, McLean, VA 22102-5090."),
            element("federal agencies: retailers, finance companies and all other creditors",
                    "Retailers, finance companies, and all other creditors not listed above",
                    "Federal Trade Commission, Consumer Response Center, 600 Pennsylvania Avenue NW, Washington, DC 20580, (877) 382-4357."));

    private AppendixK() {
    }

    /** Fails, naming each element, unless {@code document}'s text (white space collapsed here) states every element. */
    public static void assertEveryElementIn(String document, String text) {
        String collapsed = Text.collapse(text);
        SoftAssertions softly = new SoftAssertions();
        for (Element element : ELEMENTS) {
            softly.assertThat(collapsed).as("%s states, as 12 CFR part 1022 appendix K does: %s", document, element.name())
                    .contains(element.words());
        }
        softly.assertAll();
    }

    private static Element element(String name, String... words) {
        return new Element(name, List.of(words));
    }
}
