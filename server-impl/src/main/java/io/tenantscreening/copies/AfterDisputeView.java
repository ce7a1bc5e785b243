package io.tenantscreening.copies;

import io.tenantscreening.disputes.AfterDisputes;
import io.tenantscreening.disputes.Dispute;
import io.tenantscreening.disputes.DisputeEmails;
import io.tenantscreening.disputes.EarlierRecipients;
import io.tenantscreening.reports.ReportSections;
import io.tenantscreening.screening.Reinvestigation;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A resolved dispute of the report as the copy's page shows it (template
 * views/pages/my-report.html, section "after-disputes"): when it was opened and resolved, what
 * became of each item, the request for how it was reinvestigated (FCRA section 611(a)(7)), the
 * earlier recipients of what it deleted as checkboxes ({@code recipient-<report id>}), each
 * with the day its organisation was told, if it was (611(d)), and what of it stayed in the
 * report, about which the applicant may file one statement of dispute (611(b)): the statement
 * and its day once filed, the form until then; once filed, the earlier recipients of what it is
 * about as checkboxes too, each with the day it was told of the statement, if it was (611(d)).
 * Dates in the agency's time zone.
 */
public record AfterDisputeView(String id, String openedOn, String resolvedOn, List<String> outcomes, String descriptionDueOn,
                               String descriptionSentOn, boolean descriptionRequested, boolean deletedAny,
                               List<RecipientChoice> recipients, List<String> stayed, String statement, String statementFiledOn,
                               List<RecipientChoice> statementRecipients) {

    private static final Pattern RECIPIENT = Pattern.compile("recipient-(rpt_[A-Za-z0-9_]{1,60})");

    /** An earlier recipient as a checkbox: its field, who received which report when, and the day it was told (null until then). */
    public record RecipientChoice(String field, String label, String toldOn) {
    }

    static AfterDisputeView of(AfterDisputes.Resolved resolved, ZoneId zone) {
        return new AfterDisputeView(resolved.dispute().id(), day(resolved.dispute().createdAt(), zone),
                day(resolved.dispute().resolvedAt(), zone), resolved.dispute().items().stream().map(DisputeEmails::inWords).toList(),
                resolved.description() == null ? null : day(resolved.description().dueAt(), zone),
                resolved.description() == null || resolved.description().sentAt() == null ? null
                        : day(resolved.description().sentAt(), zone),
                resolved.description() != null, resolved.deletedAny(),
                resolved.recipients().stream().map(recipient -> choice(recipient, zone)).toList(),
                resolved.dispute().items().stream().filter(Dispute.Item::stayed).map(AfterDisputeView::stayed).toList(),
                resolved.dispute().statement() == null ? null : resolved.dispute().statement().text(),
                resolved.dispute().statement() == null ? null : day(resolved.dispute().statement().filedAt(), zone),
                resolved.statementRecipients().stream().map(recipient -> choice(recipient, zone)).toList());
    }

    /** A disputed record or check that stayed in the report, and how: confirmed as reported, or corrected. */
    private static String stayed(Dispute.Item item) {
        return DisputeEmails.what(item) + (item.outcome() == Reinvestigation.Outcome.UPHELD ? ": confirmed as reported"
                : ": corrected");
    }

    /** Whether some recipient listed has not been told yet. */
    public boolean anyToTell() {
        return recipients.stream().anyMatch(recipient -> recipient.toldOn() == null);
    }

    /** Whether some recipient of what the statement is about has not been told of it yet. */
    public boolean anyToTellOfStatement() {
        return statementRecipients.stream().anyMatch(recipient -> recipient.toldOn() == null);
    }

    /** The report a field of the form names; empty for any other field. */
    static Optional<String> recipient(String field) {
        Matcher matcher = RECIPIENT.matcher(field);
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    private static RecipientChoice choice(EarlierRecipients.Recipient recipient, ZoneId zone) {
        return new RecipientChoice("recipient-" + recipient.reportId(), recipient.organization()
                + (recipient.endUser() == null ? "" : ", for " + recipient.endUser()) + ": a report received "
                + day(recipient.receivedAt(), zone), recipient.toldAt() == null ? null : day(recipient.toldAt(), zone));
    }

    private static String day(Instant instant, ZoneId zone) {
        return ReportSections.day(LocalDate.ofInstant(instant, zone));
    }
}
