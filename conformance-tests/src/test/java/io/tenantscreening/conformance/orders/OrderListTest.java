package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.CountingDriver;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /orders, rules 1 to 4, in the list envelope of openapi.yaml#lists-and-pagination:
 * newest first, only the organisation's orders of the key's mode (openapi.yaml#authentication),
 * include embedded in every item, the hrefs keeping per_page and include, a cursor of
 * another list refused; and a page with includes read in as many statements whatever its
 * size (docs/design.md#the-request-path).
 */
@ExtendWith(FreshTenants.class)
class OrderListTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** GET /orders, rule 1. */
    @Test
    void ordersAreListedNewestFirstWithTheWholeCount() {
        List<String> newestFirst = place(5);

        JsonNode list = Api.get("/orders").key(key).send().json();

        assertThat(list.get("object").asText()).isEqualTo("list");
        assertThat(list.get("count").asLong()).isEqualTo(5);
        assertThat(ids(list)).containsExactlyElementsOf(newestFirst);
        assertThat(list.get("next_href").isNull()).isTrue();
        assertThat(list.get("previous_href").isNull()).isTrue();
    }

    /** GET /orders, rules 2 and 3. */
    @Test
    void pagesFollowTheHrefsWhichKeepPerPageAndInclude() {
        List<String> newestFirst = place(5);

        JsonNode first = get("/orders?per_page=2&include=applicant");
        JsonNode second = get(path(first.get("next_href").asText()));
        JsonNode third = get(path(second.get("next_href").asText()));
        JsonNode back = get(path(third.get("previous_href").asText()));

        assertThat(first.get("next_href").asText()).startsWith(TestServer.baseUrl() + "/orders?")
                .contains("per_page=2").contains("include=applicant");
        assertThat(ids(first)).containsExactlyElementsOf(newestFirst.subList(0, 2));
        assertThat(ids(second)).containsExactlyElementsOf(newestFirst.subList(2, 4));
        assertThat(ids(third)).containsExactlyElementsOf(newestFirst.subList(4, 5));
        assertThat(third.get("next_href").isNull()).isTrue();
        assertThat(ids(back)).as("the same orders (their status may move on meanwhile)").isEqualTo(ids(second));
        assertThat(back.get("next_href")).isEqualTo(second.get("next_href"));
        assertThat(back.get("previous_href")).isEqualTo(second.get("previous_href"));
        for (JsonNode page : List.of(first, second, third)) {
            page.get("data").forEach(item -> assertThat(item.get("applicant").get("id").asText())
                    .isEqualTo(item.get("applicant_id").asText()));
        }
    }

    /** GET /orders, rule 4. */
    @Test
    void aPropertiesCursorIsRefusedByTheOrderList() {
        for (int i = 0; i < 2; i++) {
            Api.post("/properties").key(key).json("{\"property\":{\"street\":\"" + i + " Elm Street\",\"city\":\"Austin\","
                    + "\"state\":\"TX\",\"zipcode\":\"78701\"}}").send();
        }
        String propertiesNext = Api.get("/properties?per_page=1").key(key).send().json().get("next_href").asText();
        String cursor = propertiesNext.substring(propertiesNext.indexOf("cursor=") + 7, propertiesNext.indexOf('&'));

        JsonNode errors = Api.get("/orders?cursor=" + cursor).key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("cursor");
    }

    /** GET /orders, rule 2. */
    @Test
    void includeEmbedsTheRecordsInEveryItemAndNothingWithoutIt() {
        ObjectNode withRequester = body();
        order(withRequester).putObject("original_requester").put("external_id", "l-1").put("type", "business").put("name", "L");
        placed(key, withRequester);
        placed(key, body());

        JsonNode plain = get("/orders");
        JsonNode included = get("/orders?include=original_requester,property,applicant");

        plain.get("data").forEach(item -> {
            assertThat(item.has("property")).isFalse();
            assertThat(item.has("applicant")).isFalse();
            assertThat(item.has("original_requester")).isFalse();
        });
        JsonNode withoutRequester = included.get("data").get(0);
        JsonNode requested = included.get("data").get(1);
        assertThat(withoutRequester.get("original_requester").isNull()).isTrue();
        assertThat(requested.get("original_requester").get("external_id").asText()).isEqualTo("l-1");
        included.get("data").forEach(item -> {
            assertThat(item.get("property").get("id").asText()).isEqualTo(item.get("property_id").asText());
            assertThat(item.get("applicant").get("id").asText()).isEqualTo(item.get("applicant_id").asText());
        });
    }

    /** GET /orders, rule 2. */
    @Test
    void anUnknownIncludeIs422OnTheParameter() {
        for (String include : List.of("reports", "property,,applicant", "Property")) {
            JsonNode errors = Api.get("/orders?include=" + include).key(key).send().assertValidationErrors();

            assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("include");
        }
    }

    /** docs/design.md#the-request-path: the records an include names are joined in the page's own statement. */
    @Test
    void listingWithIncludesTakesAsManyQueriesForFifteenOrdersAsForOne() {
        String path = "/orders?include=property,applicant,original_requester&per_page=100";
        placed(key, distinctBody(0));
        get(path);
        long one = statementsFor(path);
        for (int i = 1; i < 15; i++) {
            placed(key, distinctBody(i));
        }

        long fifteen = statementsFor(path);

        JsonNode data = get(path).get("data");
        assertThat(data).hasSize(15);
        assertThat(data.findValues("property_id").stream().distinct()).hasSize(15);
        assertThat(data.findValues("original_requester_id").stream().distinct()).hasSize(15);
        assertThat(one).isPositive();
        assertThat(fifteen).isEqualTo(one);
    }

    /** An order with its own property and requester, so that each embedded record is another row. */
    private static ObjectNode distinctBody(int index) {
        ObjectNode body = body();
        ((ObjectNode) order(body).get("property")).put("street", index + " Oak Street");
        order(body).putObject("original_requester").put("external_id", "l-" + index).put("type", "business")
                .put("name", "Landlord " + index);
        return body;
    }

    /** GET /orders, rule 1 (openapi.yaml#authentication: modes never mix, another organisation's records are invisible). */
    @Test
    void testAndLiveOrdersNeverMixAndOtherOrganisationsAreInvisible() {
        tenant.billing(PaymentMethod.OK, false);
        String testOrder = placed(key, body());
        String liveOrder = placed(tenant.liveKey(), body());
        TestTenant other = TestTenant.create();
        placed(other.testKey(), body());

        assertThat(ids(get("/orders"))).containsExactly(testOrder);
        assertThat(get("/orders").get("count").asLong()).isEqualTo(1);
        JsonNode live = Api.get("/orders").key(tenant.liveKey()).send().json();
        assertThat(ids(live)).containsExactly(liveOrder);
        assertThat(live.get("count").asLong()).isEqualTo(1);
    }

    private List<String> place(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(placed(key, body()));
        }
        Collections.reverse(ids);
        return ids;
    }

    private long statementsFor(String path) {
        long before = CountingDriver.statements();
        get(path);
        return CountingDriver.statements() - before;
    }

    private JsonNode get(String path) {
        return Api.get(path).key(key).send().json();
    }

    private static String path(String href) {
        return href.substring(TestServer.baseUrl().length());
    }

    private static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.get("data").forEach(item -> ids.add(item.get("id").asText()));
        return ids;
    }
}
