package io.tenantscreening.properties;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /properties, rule 2: what counts as the same address. */
class PropertyAddressKeyTest {

    private static final String BASE = PropertyAddressKey.of("12 Oak Street", "4B", "Austin", "TX", "78701");

    @ParameterizedTest(name = "same address: [{0}] [{1}] [{2}] [{3}] [{4}]")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "12 Oak Street|4B|Austin|TX|78701",
            "12 OAK STREET|4b|AUSTIN|tx|78701",
            "  12   Oak\tStreet |4B| Austin  |TX|78701",
            "12 Oak Street|#4B|Austin|TX|78701",
            "12 Oak Street|# 4B|Austin|TX|78701",
            "12 Oak Street|4B|Austin|TX|78701-1234",
    })
    void matchingAddresses(String street, String unit, String city, String state, String zipcode) {
        assertThat(PropertyAddressKey.of(street, unit, city, state, zipcode)).isEqualTo(BASE);
    }

    @ParameterizedTest(name = "different address: [{0}] [{1}] [{2}] [{3}] [{4}]")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "12 Oak St|4B|Austin|TX|78701",
            "12 Oak Street|Apt 4B|Austin|TX|78701",
            "12 Oak Street|NULL|Austin|TX|78701",
            "12 Oak Street|4B|Dallas|TX|78701",
            "12 Oak Street|4B|Austin|OK|78701",
            "12 Oak Street|4B|Austin|TX|78702",
            "12 Oak Street|4B|Austin|TX|78702-1234",
            "12 Oak Street 4B|NULL|Austin|TX|78701",
    })
    void differentAddresses(String street, String unit, String city, String state, String zipcode) {
        assertThat(PropertyAddressKey.of(street, unit, city, state, zipcode)).isNotEqualTo(BASE);
    }

    @ParameterizedTest(name = "zip {0} matches zip {1}")
    @CsvSource({"78701, 78701-1234", "78701-1234, 78701", "78701-1234, 78701-1234"})
    void fiveDigitZipMatchesItsZipPlusFourBothWays(String one, String other) {
        assertThat(PropertyAddressKey.of("1 A St", null, "X", "TX", one))
                .isEqualTo(PropertyAddressKey.of("1 A St", null, "X", "TX", other));
    }

    @ParameterizedTest(name = "no unit: [{0}]")
    @CsvSource(nullValues = "NULL", value = {"NULL", "''", "'   '"})
    void absentOrBlankUnitIsNoUnit(String unit) {
        assertThat(PropertyAddressKey.of("1 A St", unit, "X", "TX", "78701"))
                .isEqualTo(PropertyAddressKey.of("1 A St", null, "X", "TX", "78701"));
    }
}
