package io.tenantscreening.payments;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the applicant's receipt says (docs/integrators.md#orders-the-applicant-pays: the
 * applicant gets a receipt by email; openapi.yaml#billing): the amount paid as people read it,
 * {@code $25.00} in US dollars and {@code 35.00 EUR} in another currency, and what was bought,
 * the package with its checks and then each add-on in the order's order
 * (docs/integrators.md#the-receipt). The same amount is shown on the built-in checkout's page.
 */
class PaymentReceiptsTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "2500,   usd, $25.00",
            "2500,   USD, $25.00",
            "3505,   usd, $35.05",
            "5,      usd, $0.05",
            "0,      usd, $0.00",
            "99,     usd, $0.99",
            "123456, usd, $1234.56",
            "3500,   eur, 35.00 EUR",
            "1,      gbp, 0.01 GBP"})
    void anAmountIsWrittenInUnitsAndCentsWithItsCurrency(long cents, String currency, String written) {
        assertThat(PaymentReceipts.amount(cents, currency)).isEqualTo(written);
    }

    @Test
    void eachPackageIsNamedWithTheChecksItIncludes() {
        assertThat(PaymentReceipts.items("starter", List.of())).containsExactly("Starter screening: credit report");
        assertThat(PaymentReceipts.items("essential", List.of()))
                .containsExactly("Essential screening: credit report and eviction history");
        assertThat(PaymentReceipts.items("complete", List.of()))
                .containsExactly("Complete screening: credit report, eviction history and criminal background");
    }

    @Test
    void thePackageComesFirstThenEachAddOnInTheOrdersOrder() {
        assertThat(PaymentReceipts.items("essential", List.of("income_verification", "identity_verification")))
                .containsExactly("Essential screening: credit report and eviction history", "Income verification",
                        "Identity verification");
    }

    /** A product the receipt has no name for yet is still listed, by its slug, rather than left out. */
    @Test
    void aProductWithoutANameIsListedByItsSlug() {
        assertThat(PaymentReceipts.items("premium", List.of("tenant_history"))).containsExactly("premium", "tenant_history");
    }
}
