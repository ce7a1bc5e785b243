package io.tenantscreening.notices;

import java.time.Instant;
import java.util.List;

/**
 * The credit score a decision used, as an adverse action notice discloses it: the score, its
 * model, the range of that model, when it was made, its source, and the key factors that
 * affected it (most important first).
 */
public record CreditScoreDisclosure(int score, String model, int lowest, int highest, Instant scoredAt, String source,
                                    List<String> keyFactors) {
}
