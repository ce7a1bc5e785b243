package io.tenantscreening.notices;

import io.micronaut.core.annotation.Nullable;

import java.time.LocalDate;
import java.util.List;

/**
 * The credit score a decision used, as an adverse action notice discloses it (FCRA section
 * 615(a)(2), which asks for the score and what section 609(f)(1)(B) to (E) lists): the score
 * and its model, the model's range, the key factors that adversely affected it in the
 * model's order (at most four, and the inquiries factor as a fifth, section 609(f)(9)), the
 * day it was made, and who supplied the score and the file. Exactly what the provider
 * supplied: a member it did not supply is null (and the notice says so), an empty list of
 * factors means the model gave none.
 */
public record CreditScoreDisclosure(int score, String model, @Nullable Range range, @Nullable List<Factor> keyFactors,
                                    @Nullable LocalDate scoredOn, @Nullable Source scoreSource, @Nullable Source fileSource) {

    /** The lowest and highest score of the model. */
    public record Range(int lowest, int highest) {
    }

    /** A key factor: the model's reason code and its text; {@code inquiries} for the factor of the number of inquiries. */
    public record Factor(String code, String text, boolean inquiries) {
    }

    /** Who supplied the score or the file; address and telephone null where not given. */
    public record Source(String name, @Nullable String address, @Nullable String phone) {
    }
}
