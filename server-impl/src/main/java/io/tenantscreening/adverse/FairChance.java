package io.tenantscreening.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.http.HttpStatus;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.jurisdictions.AdverseActionRules;
import io.tenantscreening.jurisdictions.Citation;
import io.tenantscreening.notices.NoticeFacts;
import io.tenantscreening.reports.Report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the fair-chance rules of the places that reach an order's property ask of an adverse
 * action based on criminal history (the contract's "Fair-chance rules", under Adverse
 * actions; {@code POST /adverse_actions}, rules 8 to 11): the pre-adverse notice, a response
 * window of at least the rules' business days, and, where the rules require one, an
 * individualized assessment whose factors are among those the rules list (where they list
 * any). For example N.Y.C. Admin. Code § 8-107(5)(o)(5) and (6): a copy of the information, five
 * business days to answer, then an individualized assessment.
 *
 * <p>An adverse action is based on criminal history when its reasons include
 * {@value #CRIMINAL_REASON}, or when the report's criminal check states any record: the
 * landlord decided with criminal records before them, and New York City's law presumes that a
 * landlord who received such information relied on it (§ 8-107(5)(o)(7)).
 */
final class FairChance {

    static final String CRIMINAL_REASON = "criminal_record_in_lookback";
    static final String ASSESSMENT_REQUIRED = "individualized_assessment_required";
    static final String PRE_ADVERSE_REQUIRED = "pre_adverse_notice_required";

    private static final String INPUT = "/adverse_action";
    private static final ObjectMapper JSON = new ObjectMapper();

    private FairChance() {
    }

    /** Whether the rules reach this adverse action: it is based on criminal history, and they ask something of it. */
    static boolean applies(AdverseActionRules rules, List<String> reasons, Report report) {
        return (rules.individualizedAssessmentRequired() || rules.responseBusinessDays() > 0)
                && basedOnCriminalHistory(reasons, report);
    }

    static boolean basedOnCriminalHistory(List<String> reasons, Report report) {
        return reasons.contains(CRIMINAL_REASON) || report.checks().stream()
                .anyMatch(check -> check.type().equals("criminal") && !check.findingsDeleted() && read(check.details())
                        .path("records").size() > 0);
    }

    /**
     * Refuses, in one answer with an entry per failing member, an adverse action the rules
     * reach that lacks what they ask; checks the factors of any assessment given against the
     * factors the rules list.
     */
    static void check(AdverseActionRules rules, TakeAdverseAction command, Report report) {
        List<ErrorEntry> errors = new ArrayList<>();
        boolean applies = applies(rules, command.reasons(), report);
        if (applies && command.path() != AdverseAction.Path.PRE_ADVERSE) {
            errors.add(new ErrorEntry(PRE_ADVERSE_REQUIRED, "The law of the property's places (" + named(rules)
                    + ") requires a notice and a response period before an adverse action based on criminal history: send "
                    + "notice \"pre_adverse\".", ErrorSource.pointer(INPUT + "/notice")));
        }
        if (applies && rules.individualizedAssessmentRequired() && command.assessment() == null) {
            errors.add(new ErrorEntry(ASSESSMENT_REQUIRED, "The law of the property's places (" + named(rules)
                    + ") requires an individualized assessment before an adverse action based on criminal history: send "
                    + "individualized_assessment with the factors you considered and your explanation.",
                    ErrorSource.pointer(INPUT + "/individualized_assessment")));
        }
        if (command.assessment() != null && !rules.assessmentFactors().isEmpty()) {
            List<String> factors = command.assessment().factors();
            String allowed = "the factors the rules list are: " + String.join("; ", rules.assessmentFactors()) + ".";
            if (factors.isEmpty()) {
                errors.add(ErrorEntry.invalid(ErrorSource.pointer(INPUT + "/individualized_assessment/factors"),
                        "Name at least one factor you considered; " + allowed));
            }
            for (int index = 0; index < factors.size(); index++) {
                if (!rules.assessmentFactors().contains(factors.get(index))) {
                    errors.add(ErrorEntry.invalid(ErrorSource.pointer(INPUT + "/individualized_assessment/factors/" + index),
                            "Not a factor of the property's rules (" + named(rules) + "); " + allowed));
                }
            }
        }
        if (applies && command.responseDays() != null && command.responseDays() < rules.responseBusinessDays()) {
            errors.add(ErrorEntry.invalid(ErrorSource.pointer(INPUT + "/response_days"), "The law of the property's places ("
                    + named(rules) + ") gives the applicant " + rules.responseBusinessDays() + " business days to respond: send "
                    + "at least that many, or leave response_days out."));
        }
        if (!errors.isEmpty()) {
            throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, errors);
        }
    }

    /** The response window: as sent, or the operator's default, and never less than the rules' period when they apply. */
    static int responseDays(AdverseActionRules rules, TakeAdverseAction command, Report report, int operatorDefault) {
        if (command.responseDays() != null) {
            return command.responseDays();
        }
        return applies(rules, command.reasons(), report) ? Math.max(operatorDefault, rules.responseBusinessDays()) : operatorDefault;
    }

    /** What the notices of this adverse action state of the rules; null when they do not reach it. */
    static NoticeFacts.FairChance facts(AdverseActionRules rules, AdverseAction action, Report report) {
        if (!applies(rules, action.reasons(), report)) {
            return null;
        }
        AdverseAction.Assessment assessment = action.assessment();
        return new NoticeFacts.FairChance(rules.citations().stream().map(FairChance::named).toList(),
                rules.individualizedAssessmentRequired(), rules.responseBusinessDays(), rules.assessmentFactors(),
                assessment == null ? List.of() : assessment.factors(), assessment == null ? null : assessment.explanation());
    }

    private static String named(AdverseActionRules rules) {
        return rules.citations().stream().map(FairChance::named).collect(Collectors.joining("; "));
    }

    private static String named(Citation citation) {
        return citation.section() + " (" + citation.place() + ")";
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
