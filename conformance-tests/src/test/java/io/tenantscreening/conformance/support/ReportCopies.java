package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/** The applicant's copy of their report as its tests meet it: an order that makes one, and the email with its link. */
public final class ReportCopies {

    public static final String SUBJECT = "Your rental screening report is ready to read";
    public static final String SSN = "524-71-0001";
    public static final String REASON = "1 eviction record filed within 7 years; the policy allows 0.";
    private static final Pattern LINK = Pattern.compile("http://\\S+/my-report/([A-Za-z0-9_-]{43})");

    private ReportCopies() {
    }

    /** A new address of the applicant-experience profile, which test mode emails. */
    public static String applicantEmail() {
        return "copy-" + UUID.randomUUID() + "@apply.test";
    }

    /**
     * A complete order (every check: the complete package and both add-ons) for the applicant at this address with an eviction
     * record (SSN ending 0001) under a policy that declines it, requested for this original requester.
     */
    public static ObjectNode withRecordAndPolicy(String key, String email, String requester) {
        ObjectNode body = body();
        applicant(body).put("email", email).put("ssn", SSN).put("dob", "1990-04-27");
        order(body).put("screening_policy_id", Policies.create(key, Policies.EVERY_CRITERION)).put("monthly_rent", 150_000);
        order(body).put("package", "complete").putArray("add_on_products").add("identity_verification").add("income_verification");
        order(body).putObject("original_requester").put("external_id", "crm-" + UUID.randomUUID()).put("type", "business")
                .put("name", requester);
        return body;
    }

    /** Waits for this many emails with a link to the applicant's copy at this address, oldest first. */
    public static List<Mailbox.Mail> copyMails(String email, int count) {
        return await(email + " received " + count + " email(s) with a link to the report").until(
                () -> Mailbox.to(email).stream().filter(mail -> mail.subject().equals(SUBJECT)).toList(),
                mails -> mails.size() >= count);
    }

    /** The link to the copy in an email. */
    public static String link(Mailbox.Mail mail) {
        Matcher matcher = LINK.matcher(mail.text());
        assertThat(matcher.find()).as("a link to the report in:\n%s", mail.text()).isTrue();
        return matcher.group();
    }

    /** The secret token at the end of a link. */
    public static String token(String link) {
        return link.substring(link.lastIndexOf('/') + 1);
    }
}
