package io.tenantscreening.orders;

import io.tenantscreening.api.model.AddOnProduct;
import io.tenantscreening.api.model.ScreeningPackage;
import io.tenantscreening.api.model.OrderInput;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /orders, rule 6: the order lists its add-ons sorted alphabetically. */
class OrderMapperTest {

    /**
     * The add-ons arrive in reverse alphabetical order, whatever order the enum declares its
     * values in, so the order's list is sorted by the mapping itself, not by the request's
     * collection or the enum's declaration.
     */
    @Test
    void addOnsGivenInReverseAlphabeticalOrderBecomeSorted() {
        List<AddOnProduct> reversed = Arrays.stream(AddOnProduct.values())
                .sorted(Comparator.comparing(AddOnProduct::getValue).reversed()).toList();
        OrderInput input = new OrderInput()._package(ScreeningPackage.ESSENTIAL).propertyId("pr_test_1").applicantId("ap_test_1")
                .addOnProducts(reversed);

        List<String> addOns = OrderMapper.toCommand(input).addOnProducts();

        assertThat(reversed).as("the catalogue must have two add-ons for the order to matter").hasSizeGreaterThan(1);
        assertThat(addOns).containsExactly(reversed.stream().map(AddOnProduct::getValue).sorted().toArray(String[]::new));
    }
}
