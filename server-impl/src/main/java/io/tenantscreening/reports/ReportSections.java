package io.tenantscreening.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.agency.AgencySettings;

import java.io.UncheckedIOException;
import java.text.NumberFormat;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The words of a report's checks, one section per check with its heading and its lines, as
 * both the PDF ({@link ReportPdf}) and the applicant's page print them, so that the two say
 * the same. Dates are written as people write them ("June 14, 2021"; moments with the
 * time zone's abbreviation).
 */
public final class ReportSections {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMMM d, uuuu", Locale.US);
    private static final DateTimeFormatter MOMENT = DateTimeFormatter.ofPattern("MMMM d, uuuu, h:mm a z", Locale.US);

    /** What a check whose findings a dispute deleted says instead of its findings. */
    public static final String DELETED = "Removed after a dispute: the provider could not confirm these findings, "
            + "so the report no longer states them.";

    private ReportSections() {
    }

    /** A line of a section; a detail belongs to the line before it (the particulars of a record), printed indented. */
    public record Line(String text, boolean detail) {
    }

    /** One check: its heading (type, result, and its provider when the checks had several) and its lines. */
    public record Section(String type, String heading, boolean consider, List<Line> lines) {
    }

    /**
     * Each check of the report with its lines, then the consumer's statements of dispute it
     * notes (FCRA section 611(c)): that the consumer disputes it or its records, and their
     * statement; days in {@code zone}.
     */
    public static List<Section> checks(Report report, ZoneId zone) {
        boolean mixed = report.checks().stream().map(Report.CheckResult::provider)
                .filter(provider -> !provider.equals(Report.CheckResult.NO_PROVIDER)).distinct().count() > 1;
        List<Section> sections = new ArrayList<>();
        for (Report.CheckResult check : report.checks()) {
            List<Line> lines = lines(check);
            lines.addAll(statements(check, zone));
            if (check.restriction() != null) {
                sections.add(new Section(check.type(), title(check.type()) + ": "
                        + (check.restriction().reason() == Report.Restriction.Reason.AWAITING_CONDITIONAL_OFFER
                        ? "held, not run yet" : "not run"), false, lines));
                continue;
            }
            sections.add(new Section(check.type(), title(check.type()) + ": " + (check.consider() ? "consider" : "clear")
                    + (mixed ? " (provider: " + check.provider() + ")" : ""), check.consider(), lines));
        }
        return sections;
    }

    /** The statements of dispute a check notes: what the consumer disputes, then their statement in quotes. */
    private static List<Line> statements(Report.CheckResult check, ZoneId zone) {
        List<Line> lines = new ArrayList<>();
        JsonNode records = tree(check.details()).path("records");
        for (Report.Statement statement : check.statements()) {
            String what = statement.records() == null ? "this check as a whole"
                    : (statement.records().size() == 1 ? "the record filed " : "the records filed ")
                    + String.join("; ", statement.records().stream().map(records::path)
                    .map(record -> day(LocalDate.parse(record.path("filed_on").asText())) + ", " + record.path("court").asText())
                    .toList());
            lines.add(line("Disputed by the consumer: " + what + ". The consumer's statement, filed "
                    + day(LocalDate.ofInstant(statement.filedAt(), zone)) + ":"));
            lines.add(new Line("\u201C" + statement.text() + "\u201D", true));
        }
        return lines;
    }

    /**
     * Who received reports about the consumer in the year before {@code asOf} (FCRA section
     * 609(a)(3)(A)), newest first: the day, the organisation and the end user it ordered for,
     * with the end user's address and telephone number where known; then how to get the
     * others' addresses and telephone numbers (section 609(a)(3)(B)).
     */
    public static Section procurements(List<Procurement> procurements, Instant asOf, ZoneId zone, String agencyName) {
        List<Line> lines = new ArrayList<>();
        lines.add(line("Every organisation that received a consumer report about you from " + agencyName
                + " in the year before " + day(LocalDate.ofInstant(asOf, zone)) + ":"));
        if (procurements.isEmpty()) {
            lines.add(line("None."));
        }
        for (Procurement procurement : procurements) {
            lines.add(line(day(LocalDate.ofInstant(procurement.procuredAt(), zone)) + ": " + procurement.organization()
                    + (procurement.endUser() == null ? "" : ", for " + procurement.endUser())));
            List<String> contact = new ArrayList<>();
            if (procurement.endUserAddress() != null) {
                contact.add(procurement.endUserAddress());
            }
            if (procurement.endUserPhone() != null) {
                contact.add("telephone " + procurement.endUserPhone());
            }
            if (!contact.isEmpty()) {
                lines.add(new Line(String.join("; ", contact), true));
            }
        }
        lines.add(line("Ask " + agencyName + " for the address and telephone number of any of them that this list does "
                + "not give, and you will be told."));
        return new Section("procurements", "Who received reports about you in the past year", false, lines);
    }

    /**
     * Who prepared the report: the agency's name, then its address and toll-free number. A
     * clearly marked placeholder naming the missing settings when any is blank, which only
     * development and tests allow.
     */
    public static List<String> agency(AgencySettings agency) {
        List<String> missing = new ArrayList<>();
        if (blank(agency.getName())) {
            missing.add("AGENCY_NAME");
        }
        if (blank(agency.getAddress())) {
            missing.add("AGENCY_ADDRESS");
        }
        if (blank(agency.getPhone())) {
            missing.add("AGENCY_PHONE");
        }
        if (!missing.isEmpty()) {
            return List.of("DEVELOPMENT PLACEHOLDER: no consumer reporting agency configured",
                    "Set " + String.join(", ", missing) + " (production requires them).");
        }
        return List.of(agency.getName(), agency.getAddress() + "    Toll-free: " + agency.getPhone());
    }

    /** The agency's name as a sentence names it; a neutral phrase while none is configured (development and tests). */
    public static String agencyName(AgencySettings agency) {
        return blank(agency.getName()) ? "the consumer reporting agency" : agency.getName();
    }

    /** The report's result as one line. */
    public static String result(Report report) {
        return "Result: " + (report.consider() ? "CONSIDER (something needs a person's review)" : "CLEAR (nothing needs attention)");
    }

    public static String day(LocalDate day) {
        return day.format(DAY);
    }

    public static String moment(Instant instant, ZoneId zone) {
        return instant.atZone(zone).format(MOMENT);
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Line> lines(Report.CheckResult check) {
        JsonNode details = tree(check.details());
        List<Line> lines = new ArrayList<>();
        if (check.findingsDeleted()) {
            lines.add(line(DELETED));
            return lines;
        }
        if (check.restriction() != null) {
            lines.add(line(check.restriction().description()));
            check.restriction().citations().forEach(citation -> lines.add(line("See " + citation.section() + ".")));
            return lines;
        }
        switch (check.type()) {
            case "credit" -> {
                JsonNode score = details.path("score");
                JsonNode range = details.path("score_range");
                lines.add(line("Score (" + details.path("score_model").asText() + "): "
                        + (score.isNull() ? "none, the file is too thin to score" : score.asText())
                        + (range.isObject() ? " on a range of " + range.path("min").asInt() + " to " + range.path("max").asInt() : "")));
                if (details.path("score_date").isTextual()) {
                    lines.add(line("Score made on " + day(LocalDate.parse(details.path("score_date").asText()))));
                }
                JsonNode factors = details.path("score_factors");
                if (factors.isArray()) {
                    lines.add(line(factors.isEmpty() ? "The scoring model gave no key factors with this score."
                            : "Key factors that hurt the score, most important first:"));
                    int position = 1;
                    for (JsonNode factor : factors) {
                        lines.add(new Line(position++ + ". " + factor.path("description").asText() + " ("
                                + factor.path("code").asText() + ")" + (factor.path("inquiries").asBoolean() ? ", the number of inquiries" : ""),
                                true));
                    }
                }
                source(details.path("score_source")).ifPresent(source -> lines.add(line("Score supplied by " + source)));
                source(details.path("file_source")).ifPresent(source -> lines.add(line("Credit file supplied by " + source)));
                JsonNode tradelines = details.path("tradelines");
                lines.add(line("Tradelines: " + tradelines.path("total").asInt() + " in all, " + tradelines.path("open").asInt()
                        + " open, " + tradelines.path("delinquent").asInt() + " delinquent; balance "
                        + dollars(tradelines.path("total_balance_cents").asLong())));
            }
            case "eviction", "criminal" -> {
                if (details.path("records").isEmpty()) {
                    lines.add(line("No records found."));
                }
                for (JsonNode record : details.path("records")) {
                    lines.add(line("Filed " + day(LocalDate.parse(record.path("filed_on").asText())) + ", "
                            + record.path("court").asText()));
                    lines.add(new Line(capitalized(record.path("case_type").asText()) + ": " + record.path("description").asText()
                            + ". Disposition: " + (record.path("disposition").isNull() ? "open" : record.path("disposition").asText())
                            + "." + conviction(record.path("conviction")), true));
                }
            }
            case "identity_verification" -> {
                lines.add(line("Identity verified: " + (details.path("identity_verified").asBoolean() ? "yes" : "no")));
                for (JsonNode reason : details.path("reasons")) {
                    lines.add(line("Reason: " + reason.asText()));
                }
            }
            case "income_verification" -> {
                JsonNode income = details.path("verified_monthly_income_cents");
                lines.add(line("Verified gross monthly income: " + (income.isNull() ? "could not be verified" : dollars(income.asLong()))));
            }
            default -> lines.add(line(details.toString()));
        }
        return lines;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static Line line(String text) {
        return new Line(text, false);
    }

    /** Criminal records say whether they are convictions; civil records, and reports made before records said, nothing. */
    private static String conviction(JsonNode conviction) {
        return conviction.isBoolean() ? " Conviction: " + (conviction.asBoolean() ? "yes." : "no.") : "";
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : text.substring(0, 1).toUpperCase(Locale.US) + text.substring(1);
    }

    /** Who supplied a score or a file, as one phrase: the name, then the address and telephone number where given. */
    private static Optional<String> source(JsonNode source) {
        if (!source.isObject()) {
            return Optional.empty();
        }
        return Optional.of(source.path("name").asText()
                + (source.path("address").isTextual() ? ", " + source.path("address").asText() : "")
                + (source.path("phone").isTextual() ? ", telephone " + source.path("phone").asText() : ""));
    }

    /** A check type as people name it ("Credit", "Eviction records", …). */
    public static String title(String type) {
        return switch (type) {
            case "credit" -> "Credit";
            case "eviction" -> "Eviction records";
            case "criminal" -> "Criminal records";
            case "identity_verification" -> "Identity verification";
            case "income_verification" -> "Income verification";
            default -> type;
        };
    }

    private static String dollars(long cents) {
        return NumberFormat.getCurrencyInstance(Locale.US).format(cents / 100.0);
    }
}
