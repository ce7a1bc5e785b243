package io.tenantscreening.apply;

import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.households.MemberRole;
import io.tenantscreening.orders.OrderRef;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The words of an invitation ({@link InvitationMessages}): the email to the applicant and, in
 * live mode, the text message, each with the application link, the property and who asks
 * (the original requester's name, or the organisation's), and in the email how long the link
 * works (the invitation's expiry, {@code INVITATION_EXPIRY_DAYS}) (openapi.yaml#apply-flow,
 * docs/integrators.md#the-apply-flow, docs/operators.md#invitations,
 * docs/operators.md#orders-and-screening).
 */
class InvitationMessagesTest {

    private static final String LINK = "https://screening.example/apply/Qk7xq0d3mZcV8n2LrT5sYwP1uA9eJ6hG4iF0oK3bN7c";

    @Test
    void theEmailGoesToTheApplicantWithTheLinkThePropertyWhoAsksAndHowLongTheLinkWorks() {
        EmailMessage email = new InvitationMessages(30).email(invitation("Maple Court", "Acme Property Management"));

        assertThat(email.to()).isEqualTo("jane@example.com");
        assertThat(email.subject()).isEqualTo("Acme Property Management asks for your rental screening");
        assertThat(email.text()).startsWith("Hello Jane,").contains(
                "Acme Property Management asks for your consent to a rental screening",
                "Maple Court\n12 Main St, Apt 4, Austin, TX 78701",
                "\n" + LINK + "\n",
                "It works until you submit the form, for 30 days at most.");
        assertThat(email.html()).contains("href=\"" + LINK + "\"", ">Maple Court</strong>",
                "12 Main St, Apt 4, Austin, TX 78701", "for 30 days at most.");
    }

    @Test
    void theEmailSaysTheExpiryTheOperatorSet() {
        EmailMessage email = new InvitationMessages(7).email(invitation("Maple Court", "Acme"));

        assertThat(email.text()).contains("for 7 days at most.").doesNotContain("30 days");
        assertThat(email.html()).contains("for 7 days at most.");
    }

    @Test
    void aPropertyWithoutANameIsNamedByItsAddress() {
        Invitation unnamed = invitation(null, "Acme");

        assertThat(new InvitationMessages(30).email(unnamed).text()).contains("to rent:\n\n12 Main St, Apt 4, Austin, TX 78701\n")
                .doesNotContain("null");
        assertThat(new InvitationMessages(30).textMessage(unnamed)).isEqualTo("Acme asks for your consent to a rental screening for "
                + "12 Main St, Apt 4, Austin, TX 78701. Open your personal link: " + LINK);
    }

    @Test
    void theTextMessageNamesWhoAsksThePropertyAndTheLink() {
        assertThat(new InvitationMessages(30).textMessage(invitation("Maple Court", "Jordan Smith")))
                .isEqualTo("Jordan Smith asks for your consent to a rental screening for Maple Court. Open your personal link: " + LINK);
    }

    /** openapi.yaml#households: a member's invitation names the property and the member's own role. */
    @Test
    void aMembersInvitationNamesItsRoleAndTheProperty() {
        String sentence = "You are applying as a co-applicant for the rental of 12 Main St, Apt 4, Austin, TX 78701, "
                + "together with anyone else on the same rental application.";
        EmailMessage email = new InvitationMessages(30).email(member(MemberRole.CO_APPLICANT));

        assertThat(email.text()).contains("12 Main St, Apt 4, Austin, TX 78701\n\n" + sentence + "\n\nOpen this link");
        assertThat(email.html()).contains(sentence);
        assertThat(new InvitationMessages(30).email(member(MemberRole.APPLICANT)).text())
                .contains("You are applying as the main applicant for the rental of 12 Main St");
        assertThat(new InvitationMessages(30).textMessage(member(MemberRole.GUARANTOR)))
                .isEqualTo("Acme asks for your consent to a rental screening, as a guarantor, for Maple Court. "
                        + "Open your personal link: " + LINK);
        assertThat(new InvitationMessages(30).email(invitation("Maple Court", "Acme")).text()).doesNotContain("applying as");
    }

    @Test
    void theHtmlEmailEscapesTheNamesItQuotes() {
        EmailMessage email = new InvitationMessages(30).email(invitation("<img src=x onerror=alert(1)>", "Smith & <b>Sons</b>"));

        assertThat(email.html()).contains("Smith &amp; &lt;b&gt;Sons&lt;/b&gt;", "&lt;img src=x onerror=alert(1)&gt;")
                .doesNotContain("<img", "<b>");
    }

    private static Invitation invitation(String propertyName, String requester) {
        return new Invitation(new OrderRef("org_1", "live", "ord_1"), LINK, "Jane", "jane@example.com", "+15125550142",
                propertyName, "12 Main St, Apt 4, Austin, TX 78701", requester, List.of("Credit report", "Eviction history"), true,
                true, "essential", List.of(), null, null);
    }

    private static Invitation member(MemberRole role) {
        Invitation single = invitation("Maple Court", "Acme");
        return new Invitation(single.order(), LINK, "Jane", "jane@example.com", "+15125550142", "Maple Court",
                "12 Main St, Apt 4, Austin, TX 78701", "Acme", single.checks(), true, true, "essential", List.of(), null, role);
    }
}
