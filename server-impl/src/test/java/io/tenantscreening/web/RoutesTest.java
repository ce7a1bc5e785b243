package io.tenantscreening.web;

import io.micronaut.http.HttpRequest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#logs: the pages' tokens never reach a log line. A page's path is logged
 * with its token replaced, and with what follows the token only when that is one of the page's
 * own paths; the API's paths are logged as sent.
 */
class RoutesTest {

    private static final String TOKEN = "q8Zr2Lk5Vb9Nc3Xm7Ht1Gf6Jd4Sa0PwUe3Yi_Ko9Bn";

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "/apply/" + TOKEN + ",                        /apply/[redacted],                   true",
            "/apply/assets/apply.css,                     /apply/[redacted],                   true",
            "/my-report/" + TOKEN + ",                    /my-report/[redacted],               true",
            "/my-report/" + TOKEN + "/renew,              /my-report/[redacted]/renew,         true",
            "/my-report/" + TOKEN + "/report.pdf,         /my-report/[redacted]/report.pdf,    true",
            "/my-report/" + TOKEN + "/report.pdf/" + TOKEN + ", /my-report/[redacted],         true",
            "/my-report/" + TOKEN + "/" + TOKEN + ",      /my-report/[redacted],               true",
            "/my-report,                                  /my-report,                          true",
            "/orders/ord_1,                               /orders/ord_1,                       false",
            "/my-reports/x,                               /my-reports/x,                       false"})
    void aPagesTokenIsReplacedInTheLoggedPath(String path, String logged, boolean page) {
        HttpRequest<?> request = HttpRequest.GET(path);

        assertThat(Routes.loggedPath(request)).isEqualTo(logged);
        assertThat(Routes.isPage(request)).isEqualTo(page);
        assertThat(path.matches(Routes.PAGES)).isEqualTo(page);
        assertThat(path.matches(Routes.API)).isEqualTo(!page);
    }
}
