package io.tenantscreening.operator;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.disputes.Intake;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.reports.ReportService;
import jakarta.inject.Singleton;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code operator dispute open}: the agency's staff record a dispute that reached them by mail
 * or telephone (FCRA section 611(a)(1)(A): the consumer notifies the agency directly). It is
 * opened through {@link DisputeService#open}, the entry point of the consumer's copy of their
 * report, with the same checks, effects and reinvestigation; its channel and the moment it
 * was received are recorded, and its reinvestigation period runs from that moment.
 */
@Singleton
@Command(name = "dispute", description = "Record disputes that reached the agency by mail or telephone.", mixinStandardHelpOptions = true)
public class DisputeCommands {

    private static final Pattern ITEM = Pattern.compile("([a-z_]+)(?::([0-9]{1,3}))?");
    private static final Pattern ITEM_POINTER = Pattern.compile("/dispute/items/([0-9]+)(/.*)?");

    private final DisputeService disputes;
    private final ReportService reports;
    private final AgencySettings agency;
    private final JsonOutput out;

    public DisputeCommands(DisputeService disputes, ReportService reports, AgencySettings agency, JsonOutput out) {
        this.disputes = disputes;
        this.reports = reports;
        this.agency = agency;
        this.out = out;
    }

    @Command(name = "open", description = "Open a consumer's dispute of records or checks of a report, as their copy of the report "
            + "does, received by mail or telephone at the moment given; its reinvestigation period runs from then.")
    public void open(@Option(names = "--report", required = true, description = "The disputed report (rpt_... or rpt_test_...).")
                     String reportId,
                     @Option(names = "--item", required = true, description = "What is disputed, once for each: a check as a whole "
                             + "(credit, eviction, criminal, identity_verification, income_verification) or a court record as "
                             + "check:position (eviction:0), its position from 0 in the check's details.records.") List<String> items,
                     @Option(names = "--reason", required = true, description = "The consumer's reason, in their words.") String reason,
                     @Option(names = "--received-by", required = true, description = "How it reached the agency: mail or telephone.")
                     String receivedBy,
                     @Option(names = "--received-at", required = true, description = "When it reached the agency: an ISO 8601 "
                             + "date and time with its offset (2026-11-20T15:30:00-05:00), or a day (2026-11-20: its start in "
                             + "AGENCY_TIME_ZONE).") String receivedAt) {
        Intake intake = Intake.byStaff(channel(receivedBy), moment(receivedAt));
        List<DisputeService.DisputedRecord> records = items.stream().map(DisputeCommands::item).toList();
        ReportService.Located report = reports.locate(reportId)
                .orElseThrow(() -> new IllegalArgumentException("no report with id " + reportId));
        try {
            out.print(OperatorViews.DisputeView.of(disputes.open(report.tenant(), report.orderId(), records, reason, intake),
                    report.tenant().organizationId(), intake.channel()));
        } catch (ApiException refused) {
            throw new IllegalArgumentException(describe(refused, items));
        }
    }

    private static Intake.Channel channel(String value) {
        return switch (value) {
            case "mail" -> Intake.Channel.MAIL;
            case "telephone" -> Intake.Channel.TELEPHONE;
            default -> throw new IllegalArgumentException("--received-by must be mail or telephone, not '" + value + "'");
        };
    }

    private Instant moment(String value) {
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notAMoment) {
            try {
                return LocalDate.parse(value).atStartOfDay(agency.getTimeZone()).toInstant();
            } catch (DateTimeParseException notADay) {
                throw new IllegalArgumentException("--received-at must be an ISO 8601 date and time with its offset, such as "
                        + "2026-11-20T15:30:00-05:00, or a day such as 2026-11-20, not '" + value + "'");
            }
        }
    }

    static DisputeService.DisputedRecord item(String value) {
        Matcher matcher = ITEM.matcher(value.toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("--item must be a check (credit) or a check and a record's position (eviction:0), not '"
                    + value + "'");
        }
        return new DisputeService.DisputedRecord(matcher.group(1), matcher.group(2) == null ? null : Integer.valueOf(matcher.group(2)));
    }

    /** The service's refusal as the options it is about: each entry, after the option (and the --item) it points at. */
    static String describe(ApiException refused, List<String> items) {
        List<String> lines = new ArrayList<>();
        for (ErrorEntry entry : refused.errors()) {
            String pointer = entry.source() == null || entry.source().pointer() == null ? "" : entry.source().pointer();
            Matcher item = ITEM_POINTER.matcher(pointer);
            String option = item.matches() ? "--item " + items.get(Integer.parseInt(item.group(1)))
                    : pointer.equals("/dispute/items") ? "--item"
                    : pointer.equals("/dispute/reason") ? "--reason"
                    : pointer.equals("/dispute/received_at") ? "--received-at"
                    : "--report";
            lines.add(option + ": " + entry.detail());
        }
        return String.join("; ", lines);
    }
}
