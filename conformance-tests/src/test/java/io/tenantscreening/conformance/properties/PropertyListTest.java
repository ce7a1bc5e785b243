package io.tenantscreening.conformance.properties;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.tenantscreening.conformance.support.PropertyRequests.createProperties;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /properties in the list envelope of openapi.yaml#lists-and-pagination
 * (docs/integrators.md#lists): newest first; count is the whole collection of the key's
 * organisation and mode; absolute next_href / previous_href, null on the last / first page;
 * per_page 1 to 100, 25 by default, kept in the hrefs; keyset paging, stable while records
 * arrive; cursors opaque and signed, and a modified one or one of another organisation or
 * mode 422.
 */
@ExtendWith(FreshTenants.class)
class PropertyListTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    @Test
    void emptyListHasNoPages() {
        JsonNode list = Api.get("/properties").key(key).send().json();

        assertThat(list.get("object").asText()).isEqualTo("list");
        assertThat(list.get("count").asLong()).isZero();
        assertThat(list.get("data")).isEmpty();
        assertThat(list.get("next_href").isNull()).isTrue();
        assertThat(list.get("previous_href").isNull()).isTrue();
        assertThat(list.get("next_cursor").isNull()).isTrue();
        assertThat(list.get("previous_cursor").isNull()).isTrue();
    }

    /**
     * openapi.yaml#lists-and-pagination (cursors as members): next_cursor and previous_cursor
     * are the cursors their hrefs carry, so passing one back as cursor (with per_page) pages
     * like following the href; each is null where its href is.
     */
    @Test
    void pagingByTheCursorMembersGivesTheSamePagesAsTheHrefs() {
        List<String> newestFirst = reversed(createProperties(key, 5));

        JsonNode first = page("/properties?per_page=2");
        JsonNode second = page("/properties?per_page=2&cursor=" + first.get("next_cursor").asText());
        JsonNode third = page("/properties?per_page=2&cursor=" + second.get("next_cursor").asText());
        JsonNode back = page("/properties?per_page=2&cursor=" + third.get("previous_cursor").asText());

        assertThat(first.get("previous_cursor").isNull()).isTrue();
        assertThat(first.get("next_href").asText()).contains("cursor=" + first.get("next_cursor").asText());
        assertThat(second).isEqualTo(page(Screenings.relative(first.get("next_href").asText())));
        assertThat(ids(second)).containsExactlyElementsOf(newestFirst.subList(2, 4));
        assertThat(ids(third)).containsExactlyElementsOf(newestFirst.subList(4, 5));
        assertThat(third.get("next_cursor").isNull()).isTrue();
        assertThat(third.get("next_href").isNull()).isTrue();
        assertThat(back).isEqualTo(second);
    }

    @Test
    void defaultPageHas25NewestFirstAndCountsTheWholeCollection() {
        List<String> ids = createProperties(key, 27);

        JsonNode page = Api.get("/properties").key(key).send().json();

        assertThat(page.get("count").asLong()).isEqualTo(27);
        assertThat(ids(page)).containsExactlyElementsOf(reversed(ids).subList(0, 25));
        assertThat(page.get("next_href").asText()).startsWith(TestServer.baseUrl() + "/properties?").contains("per_page=25");
        assertThat(page.get("previous_href").isNull()).isTrue();
    }

    @Test
    void pagingForwardAndBackReturnsTheSamePages() {
        List<String> newestFirst = reversed(createProperties(key, 7));

        JsonNode first = page("/properties?per_page=3");
        JsonNode second = page(Screenings.relative(first.get("next_href").asText()));
        JsonNode third = page(Screenings.relative(second.get("next_href").asText()));
        JsonNode backToFirst = page(Screenings.relative(second.get("previous_href").asText()));
        JsonNode backToSecond = page(Screenings.relative(third.get("previous_href").asText()));

        assertThat(ids(first)).containsExactlyElementsOf(newestFirst.subList(0, 3));
        assertThat(ids(second)).containsExactlyElementsOf(newestFirst.subList(3, 6));
        assertThat(ids(third)).containsExactlyElementsOf(newestFirst.subList(6, 7));
        assertThat(third.get("next_href").isNull()).isTrue();
        assertThat(backToFirst).isEqualTo(first);
        assertThat(backToSecond).isEqualTo(second);
        assertThat(second.get("next_href").asText()).contains("per_page=3");
        assertThat(second.get("previous_href").asText()).contains("per_page=3");
        for (JsonNode page : List.of(first, second, third)) {
            assertThat(page.get("count").asLong()).isEqualTo(7);
        }
    }

    @Test
    void pagingStaysStableWhileNewRecordsArrive() {
        List<String> existing = createProperties(key, 6);
        JsonNode page = page("/properties?per_page=2");
        List<String> seen = new ArrayList<>(ids(page));

        int batch = 0;
        while (!page.get("next_href").isNull()) {
            createProperties(key, 2, "batch" + batch++);
            page = page(Screenings.relative(page.get("next_href").asText()));
            seen.addAll(ids(page));
        }

        assertThat(seen).containsExactlyElementsOf(reversed(existing));
    }

    @ParameterizedTest(name = "per_page={0} is refused")
    @ValueSource(strings = {"0", "101", "-1", "ten", "2.5"})
    void perPageOutsideOneToHundredIsRefused(String perPage) {
        ApiResponse response = Api.get("/properties?per_page=" + perPage).key(key).sendInvalid();

        assertThat(response.assertError(422, "validation_error").get("source").get("parameter").asText()).isEqualTo("per_page");
    }

    /**
     * docs/integrators.md#errors: every malformed or out-of-range per_page is told in one
     * sentence that says which numbers are accepted, never with a rule name of the contract
     * checker (docs/design.md#contract-checking-and-hostile-input).
     */
    @ParameterizedTest(name = "per_page=''{0}''")
    @ValueSource(strings = {"1e99999999", "-1e99999999", "1e-99999999", "-0", "1.5", "1.0", "99999999999999999999", "2147483648",
            "0x10", "NaN", "Infinity", "", " 5", "+5", "05", "1e2", "0", "101", "-1", "ten"})
    void aMalformedPerPageIsToldWhatIsAcceptedInPlainWords(String perPage) {
        ApiResponse response = Api.get("/properties?per_page=" + URLEncoder.encode(perPage, StandardCharsets.UTF_8))
                .key(key).sendRaw();

        JsonNode entry = response.assertError(422, "validation_error");
        assertThat(entry.get("source").get("parameter").asText()).isEqualTo("per_page");
        assertThat(entry.get("detail").asText()).isEqualTo("Must be an integer from 1 to 100.");
    }

    @Test
    void perPageOfHundredIsAllowed() {
        createProperties(key, 3);

        assertThat(ids(page("/properties?per_page=100"))).hasSize(3);
    }

    @ParameterizedTest(name = "cursor {0} is refused")
    @ValueSource(strings = {"garbage", "bzEyMw.AAAA", "....", "%E2%9C%93"})
    void garbledCursorIsRefused(String cursor) {
        ApiResponse response = Api.get("/properties?cursor=" + cursor).key(key).send();

        assertThat(response.assertError(422, "validation_error").get("source").get("parameter").asText()).isEqualTo("cursor");
    }

    @Test
    void tamperedCursorIsRefused() {
        createProperties(key, 3);
        String next = page("/properties?per_page=1").get("next_href").asText();
        String cursor = next.replaceAll(".*cursor=([^&]+).*", "$1");
        char last = cursor.charAt(0);
        String tampered = (last == 'A' ? 'B' : 'A') + cursor.substring(1);

        ApiResponse response = Api.get("/properties?per_page=1&cursor=" + tampered).key(key).send();

        response.assertError(422, "validation_error");
    }

    @Test
    void cursorOfAnotherOrganisationOrModeIsRefused() {
        createProperties(key, 3);
        String next = Screenings.relative(page("/properties?per_page=1").get("next_href").asText());

        Api.get(next).key(TestTenant.create().testKey()).send().assertError(422, "validation_error");
        Api.get(next).key(tenant.liveKey()).send().assertError(422, "validation_error");
    }

    @Test
    void countStaysExactUnderConcurrentCreates() throws Exception {
        int clients = 12;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                String label = "client" + i;
                futures.add(pool.submit(() -> createProperties(key, 3, label)));
            }
            for (Future<List<String>> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(page("/properties?per_page=1").get("count").asLong()).isEqualTo(clients * 3L);
    }

    @Test
    void testAndLiveListsNeverMix() {
        List<String> test = createProperties(key, 2);
        String live = tenant.liveKey();
        List<String> liveIds = createProperties(live, 3, "live");

        JsonNode testList = page("/properties");
        JsonNode liveList = Api.get("/properties").key(live).send().json();

        assertThat(ids(testList)).containsExactlyElementsOf(reversed(test));
        assertThat(testList.get("count").asLong()).isEqualTo(2);
        assertThat(ids(liveList)).containsExactlyElementsOf(reversed(liveIds));
        assertThat(liveList.get("count").asLong()).isEqualTo(3);
    }

    private JsonNode page(String pathAndQuery) {
        return Api.get(pathAndQuery).key(key).send().json();
    }

    static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("data").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }

    private static List<String> reversed(List<String> ids) {
        List<String> copy = new ArrayList<>(ids);
        Collections.reverse(copy);
        return copy;
    }
}
