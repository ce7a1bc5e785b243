package io.tenantscreening.billing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The operator's price list (openapi.yaml#billing: a live order is charged "at the operator's
 * price for its package and add-ons"; docs/operators.md#orders-and-screening: "A live order
 * costs its package plus each add-on", in cents of the currency): what an order costs, and
 * that a price left out or below zero stops the service when it starts rather than an order,
 * naming the price by its configuration key (docs/operators.md#orders-and-screening: "Each
 * price is 0 or more").
 */
class PriceListTest {

    @Test
    void anOrderCostsItsPackagePlusEachOfItsAddOns() {
        PriceList prices = operatorsPrices();

        assertThat(prices.price("starter", List.of())).isEqualTo(1500);
        assertThat(prices.price("essential", List.of("identity_verification"))).isEqualTo(3000);
        assertThat(prices.price("complete", List.of("identity_verification", "income_verification"))).isEqualTo(5000);
        assertThat(prices.price("complete", List.of("income_verification", "identity_verification"))).isEqualTo(5000);
    }

    /** Every package is priced on its own: one package's price never leaks into another's. */
    @Test
    void eachPackageHasItsOwnPrice() {
        PriceList prices = operatorsPrices();

        assertThat(List.of(prices.price("starter", List.of()), prices.price("essential", List.of()), prices.price("complete", List.of())))
                .containsExactly(1500L, 2500L, 3500L);
    }

    /** Slugs are written with underscores in the API and with dashes in the settings (add-ons.identity-verification). */
    @Test
    void anAddOnsPriceIsFoundUnderItsSlugWrittenWithDashes() {
        PriceList underscored = operatorsPrices();
        underscored.setAddOns(new HashMap<>(Map.of("identity_verification", 500L, "income-verification", 1000L)));

        assertThat(operatorsPrices().price("starter", List.of("identity_verification"))).isEqualTo(2000);
        assertThatThrownBy(() -> underscored.price("starter", List.of("identity_verification")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("screening.prices.add-ons.identity-verification is not configured (cents, 0 or more)");
    }

    @Test
    void aPriceOfZeroIsAPriceAndANegativeOneIsRefused() {
        PriceList free = operatorsPrices();
        free.getPackages().put("starter", 0L);
        free.getAddOns().put("income-verification", 0L);
        PriceList negative = operatorsPrices();
        negative.getAddOns().put("income-verification", -1L);

        assertThat(free.price("starter", List.of("income_verification"))).isZero();
        assertThatThrownBy(() -> negative.price("starter", List.of("income_verification")))
                .hasMessageContaining("screening.prices.add-ons.income-verification is not configured");
    }

    /** Each of the five prices is required: without it the service does not start, and says which setting is missing. */
    @ParameterizedTest(name = "{0}.{1}")
    @CsvSource({
            "packages, starter",
            "packages, essential",
            "packages, complete",
            "add-ons,  identity-verification",
            "add-ons,  income-verification"})
    void aMissingPriceStopsTheServiceNamingItsSetting(String group, String slug) {
        PriceList prices = operatorsPrices();
        (group.equals("packages") ? prices.getPackages() : prices.getAddOns()).remove(slug);

        assertThatThrownBy(prices::requireEveryPrice)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("screening.prices." + group + "." + slug + " is not configured (cents, 0 or more)");
    }

    @Test
    void aCompleteListStartsAndAnUnknownSlugHasNoPrice() {
        PriceList prices = operatorsPrices();

        prices.requireEveryPrice();
        assertThatThrownBy(() -> prices.price("premium", List.of())).hasMessageContaining("screening.prices.packages.premium");
        assertThatThrownBy(() -> prices.price("starter", List.of("tenant_history"))).hasMessageContaining("screening.prices.add-ons.tenant-history");
    }

    @Test
    void pricesAreInCentsOfUsDollarsUnlessTheOperatorSaysOtherwise() {
        PriceList euros = operatorsPrices();
        euros.setCurrency("eur");

        assertThat(new PriceList().getCurrency()).isEqualTo("usd");
        assertThat(euros.getCurrency()).isEqualTo("eur");
    }

    /** The defaults the operators' guide lists (PRICE_STARTER and the others). */
    static PriceList operatorsPrices() {
        PriceList prices = new PriceList();
        prices.setPackages(new HashMap<>(Map.of("starter", 1500L, "essential", 2500L, "complete", 3500L)));
        prices.setAddOns(new HashMap<>(Map.of("identity-verification", 500L, "income-verification", 1000L)));
        return prices;
    }
}
