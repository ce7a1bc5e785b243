package io.tenantscreening.web;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/integrators.md#compression, as RFC 9110 (section 12.5.3) says: the content coding an
 * Accept-Encoding field value chooses among gzip and deflate.
 */
class AcceptEncodingTest {

    @ParameterizedTest(name = "Accept-Encoding: {0} chooses {1}")
    @CsvSource(delimiter = '|', nullValues = "absent", value = {
            "absent                        | identity",
            "''                            | identity",
            "' , ,'                        | identity",
            "*                             | gzip",
            "gzip;q=0, *                   | deflate",
            "gzip;q=0, deflate;q=0, *      | identity",
            "*;q=0                         | identity",
            "identity;q=0, *;q=0           | identity",
            "identity;q=0                  | identity",
            "gzip                          | gzip",
            "deflate                       | deflate",
            "deflate, gzip                 | gzip",
            "gzip;q=0.5, deflate           | deflate",
            "deflate;q=0.999, gzip;q=0.998 | deflate",
            "snappy                        | identity",
            "zstd, br, snappy              | identity",
            "snappy, *;q=0.1               | gzip",
            "identity                      | identity",
            "gzip;q=0.5, identity          | identity",
            "gzip;q=0.5                    | gzip",
            "gzip, identity;q=0.5          | gzip",
            "gzip;q=0.5, deflate;q=0.5, *  | identity",
            "gzip;q=0.5, deflate;q=0.5, *;q=0.5 | gzip",
            "GZIP                          | gzip",
            "Deflate;Q=0.5                 | deflate",
            "x-gzip                        | gzip",
            "gzip ; q=0.8 , deflate;q=0.7  | gzip",
            "gzip;q=1.5, deflate;q=0.1     | deflate",
            "gzip;q=-1, deflate;q=0.1      | deflate",
            "gzip;q=0.0001, deflate;q=0.1  | deflate",
            "gzip;q=, deflate;q=0.1        | deflate",
            "gzip;q=nonsense               | identity",
            "gzip;level=9;q=0.9            | gzip",
            "gzip;q=0, gzip                | identity",
            ";q=1, =, ;;;, gzip            | gzip",
            "gzip;q=\"1\"                  | identity"
    })
    void choosesAsTheRfcSays(String header, String coding) {
        assertThat(AcceptEncoding.choose(header)).isEqualTo(coding);
    }
}
