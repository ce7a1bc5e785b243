package io.tenantscreening.notices;

import java.time.Instant;
import java.util.List;

/**
 * Everything one notice says about its adverse action; the agency's own details come from
 * its settings. {@code conditions} is null for a denial, {@code creditScore} when the report
 * had no score, {@code responseDeadline} for the adverse action notice, {@code fairChance}
 * when no place's fair-chance rules reach the adverse action. {@code reasons} are as the
 * integrator gave them: reason codes of a recommendation are put in words.
 */
public record NoticeFacts(NoticeKind kind, String adverseActionId, boolean liveMode, Instant issuedAt,
                          String applicantName, String applicantEmail, String propertyAddress, String landlordName,
                          String decision, String conditions, List<String> reasons, CreditScoreDisclosure creditScore,
                          Instant responseDeadline, String reportId, FairChance fairChance) {

    /** The facts of a notice that no place's fair-chance rules reach. */
    public NoticeFacts(NoticeKind kind, String adverseActionId, boolean liveMode, Instant issuedAt, String applicantName,
                       String applicantEmail, String propertyAddress, String landlordName, String decision, String conditions,
                       List<String> reasons, CreditScoreDisclosure creditScore, Instant responseDeadline, String reportId) {
        this(kind, adverseActionId, liveMode, issuedAt, applicantName, applicantEmail, propertyAddress, landlordName, decision,
                conditions, reasons, creditScore, responseDeadline, reportId, null);
    }

    /**
     * What the fair-chance rules of the property's places ask before an adverse action based on
     * criminal history, as the notices state it: each rule (section and place), whether they
     * require an individualized assessment, the business days the applicant has to respond,
     * the factors they list (none when their law lists none), and the assessment given with
     * the adverse action (its factors and explanation; none and null when none was given).
     */
    public record FairChance(List<String> rules, boolean assessmentRequired, int responseBusinessDays, List<String> listedFactors,
                             List<String> consideredFactors, String explanation) {

        public FairChance {
            rules = List.copyOf(rules);
            listedFactors = List.copyOf(listedFactors);
            consideredFactors = List.copyOf(consideredFactors);
        }
    }
}
