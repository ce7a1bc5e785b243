package io.tenantscreening.notices;

import io.tenantscreening.agency.AgencySettings;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the notice templates are given (the operators' guide lists it for those who write
 * their own): the facts as they are ({@code notice}), the agency ({@code agency}), the
 * reasons in words ({@code reasons}), the credit score ({@code score}, null without one),
 * dates and times as a person writes them in the agency's time zone ({@code date},
 * {@code deadline}, {@code scoreDate}), {@code test} for a test-mode notice, the
 * templates' {@code version}, and the names of the emails' attachments.
 */
final class NoticeVariables {

    static final String NOTICE_FILE_PRE_ADVERSE = "pre-adverse-action-notice.pdf";
    static final String NOTICE_FILE_ADVERSE_ACTION = "adverse-action-notice.pdf";
    static final String REPORT_FILE = "screening-report.pdf";

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("MMMM d, uuuu", Locale.US);
    private static final DateTimeFormatter DATE_AND_TIME = DateTimeFormatter.ofPattern("EEEE, MMMM d, uuuu 'at' h:mm a z", Locale.US);

    private NoticeVariables() {
    }

    /** The consumer reporting agency, as the notices name it. */
    record Agency(String name, String address, String phone) {
    }

    static Map<String, Object> of(NoticeFacts facts, AgencySettings agency, NoticeTemplates templates) {
        Map<String, Object> variables = new HashMap<>();
        variables.put("notice", facts);
        variables.put("agency", agency(agency));
        variables.put("reasons", facts.reasons().stream().map(templates::inWords).toList());
        variables.put("score", facts.creditScore());
        variables.put("date", format(DATE, facts.issuedAt(), agency));
        variables.put("deadline", format(DATE_AND_TIME, facts.responseDeadline(), agency));
        variables.put("scoreDate", facts.creditScore() == null || facts.creditScore().scoredOn() == null ? null
                : DATE.format(facts.creditScore().scoredOn()));
        variables.put("test", !facts.liveMode());
        variables.put("version", templates.version());
        variables.put("noticeFile", noticeFile(facts.kind()));
        variables.put("reportFile", REPORT_FILE);
        return variables;
    }

    /** The agency as the templates are given it. */
    static Agency agency(AgencySettings agency) {
        return new Agency(agency.getName(), agency.getAddress(), agency.getPhone());
    }

    static String noticeFile(NoticeKind kind) {
        return kind == NoticeKind.PRE_ADVERSE ? NOTICE_FILE_PRE_ADVERSE : NOTICE_FILE_ADVERSE_ACTION;
    }

    /** The template file of a kind's notice or email part: {@code pre-adverse} or {@code adverse-action}, then the suffix. */
    static String template(NoticeKind kind, String suffix) {
        return (kind == NoticeKind.PRE_ADVERSE ? "pre-adverse" : "adverse-action") + suffix;
    }

    private static String format(DateTimeFormatter format, Instant instant, AgencySettings agency) {
        return instant == null ? null : format.withZone(agency.getTimeZone()).format(instant);
    }
}
