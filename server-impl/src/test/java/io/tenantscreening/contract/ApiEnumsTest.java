package io.tenantscreening.contract;

import io.tenantscreening.api.model.AddOnProduct;
import io.tenantscreening.api.model.EventType;
import io.tenantscreening.api.model.Payer;
import io.tenantscreening.api.model.RequesterType;
import io.tenantscreening.api.model.ScreeningPackage;
import io.tenantscreening.api.model.UsState;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.DayOfWeek;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lookup the mappers use instead of the generated toEnum answers exactly what toEnum answers. */
class ApiEnumsTest {

    @ParameterizedTest
    @ValueSource(classes = {AddOnProduct.class, EventType.class, Payer.class, RequesterType.class, ScreeningPackage.class,
            UsState.class})
    <E extends Enum<E>> void everyConstantIsFoundByItsWireValueAndNothingElse(Class<E> type) throws Exception {
        for (E constant : type.getEnumConstants()) {
            String value = (String) type.getMethod("getValue").invoke(constant);
            assertThat(ApiEnums.of(type, value)).isSameAs(constant).isSameAs(type.getMethod("toEnum", String.class).invoke(null, value));
        }
        assertThatThrownBy(() -> ApiEnums.of(type, "no_such_value")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no_such_value");
        assertThatThrownBy(() -> ApiEnums.of(type, null)).isInstanceOf(IllegalArgumentException.class);
    }

    /** TimeUnit has no getValue(), DayOfWeek's answers an int. */
    @ParameterizedTest
    @ValueSource(classes = {TimeUnit.class, DayOfWeek.class})
    <E extends Enum<E>> void anEnumWithoutWireValuesIsRefused(Class<E> type) {
        assertThatThrownBy(() -> ApiEnums.of(type, type.getEnumConstants()[0].name())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("String getValue()");
    }
}
