package io.tenantscreening.billing;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Context;
import jakarta.annotation.PostConstruct;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The operator's prices, in cents of {@code currency}, under {@code screening.prices}: one
 * per package ({@code packages.<slug>}) and per add-on ({@code add-ons.<slug>}, written with
 * dashes: {@code identity-verification}). Checked at startup, so a missing price stops the
 * service instead of a customer's order.
 */
@Context
@ConfigurationProperties("screening.prices")
public class PriceList {

    private static final List<String> PACKAGES = List.of("starter", "essential", "complete");
    private static final List<String> ADD_ONS = List.of("identity_verification", "income_verification");

    private String currency = "usd";
    private Map<String, Long> packages = new HashMap<>();
    private Map<String, Long> addOns = new HashMap<>();

    public String getCurrency() {
        return currency;
    }

    public void setCurrency(String currency) {
        this.currency = currency;
    }

    public Map<String, Long> getPackages() {
        return packages;
    }

    public void setPackages(Map<String, Long> packages) {
        this.packages = packages;
    }

    public Map<String, Long> getAddOns() {
        return addOns;
    }

    public void setAddOns(Map<String, Long> addOns) {
        this.addOns = addOns;
    }

    @PostConstruct
    void requireEveryPrice() {
        price(PACKAGES.get(0), ADD_ONS);
        PACKAGES.forEach(slug -> price(slug, List.of()));
    }

    /** The price of a package with these add-ons, in cents. */
    public long price(String packageSlug, Collection<String> addOnSlugs) {
        long total = require(packages, "packages", packageSlug);
        for (String addOn : addOnSlugs) {
            total += require(addOns, "add-ons", addOn);
        }
        return total;
    }

    private static long require(Map<String, Long> prices, String group, String slug) {
        String key = slug.replace('_', '-');
        Long price = prices.get(key);
        if (price == null || price < 0) {
            throw new IllegalStateException("screening.prices." + group + "." + key + " is not configured (cents, 0 or more)");
        }
        return price;
    }
}
