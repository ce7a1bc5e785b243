package io.tenantscreening.notices;

import java.time.Instant;
import java.util.List;

/**
 * Everything one notice says about its adverse action; the agency's own details come from
 * its settings. {@code conditions} is null for a denial, {@code creditScore} when the report
 * had no score, {@code responseDeadline} for the adverse action notice. {@code reasons} are
 * as the integrator gave them: reason codes of a recommendation are put in words.
 */
public record NoticeFacts(NoticeKind kind, String adverseActionId, boolean liveMode, Instant issuedAt,
                          String applicantName, String applicantEmail, String propertyAddress, String landlordName,
                          String decision, String conditions, List<String> reasons, CreditScoreDisclosure creditScore,
                          Instant responseDeadline, String reportId) {
}
