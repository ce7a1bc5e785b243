package io.tenantscreening.orders;

import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * GET /orders, rule 2: include is lower-case names separated by commas, which may repeat;
 * an empty or unknown name is 422 on the parameter.
 */
class IncludeTest {

    @Test
    void namesInAnyOrderWithRepeatsAndSpaces() {
        assertThat(Include.parse("original_requester, property,property"))
                .isEqualTo(EnumSet.of(Include.ORIGINAL_REQUESTER, Include.PROPERTY));
    }

    @Test
    void absentOrEmptyIncludesNothing() {
        assertThat(Include.parse(null)).isEmpty();
        assertThat(Include.parse("")).isEmpty();
    }

    @Test
    void unknownOrEmptyNamesAreRefusedOnTheParameter() {
        for (String text : new String[]{"reports", "property,", ",applicant", "PROPERTY"}) {
            assertThatThrownBy(() -> Include.parse(text)).isInstanceOfSatisfying(ApiException.class,
                    e -> assertThat(e.errors().get(0).source().parameter()).isEqualTo("include"));
        }
    }
}
