package io.tenantscreening.conformance.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.CountingDriver;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed: GET /orders/{id} (include), GET /orders/{id}/report (404 while no report exists),
 * States (fact 1), Authentication rule 4. Cancel and the other transitions: OrderLifecycleTest.
 */
@ExtendWith(FreshTenants.class)
class OrderReadTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    @Test
    void includeEmbedsPropertyApplicantAndRequesterOnOneOrder() {
        ObjectNode body = body();
        applicant(body).put("ssn", "123-45-0001");
        order(body).putObject("original_requester").put("external_id", "l-1").put("type", "individual").put("name", "Pat Lee");
        String id = placed(key, body);

        JsonNode order = Api.get("/orders/" + id + "?include=applicant,original_requester,property").key(key).send().json();

        assertThat(order.get("property").get("street").asText()).isEqualTo("12 Oak Street");
        assertThat(order.get("applicant").get("ssn").asText()).isEqualTo("XXX-XX-0001");
        assertThat(order.get("original_requester").get("name").asText()).isEqualTo("Pat Lee");
        JsonNode plain = Api.get("/orders/" + id).key(key).send().json();
        assertThat(plain.has("property") || plain.has("applicant") || plain.has("original_requester")).isFalse();
    }

    @Test
    void includesAreReadInTheOrdersOwnStatement() {
        ObjectNode body = body();
        order(body).putObject("original_requester").put("external_id", "l-2").put("type", "business").put("name", "Oak LLC");
        String id = placed(key, body);
        String included = "/orders/" + id + "?include=applicant,original_requester,property";
        Api.get(included).key(key).send().json();

        assertThat(statementsFor(included)).isEqualTo(statementsFor("/orders/" + id));
    }

    @Test
    void anUnknownIncludeIs422() {
        String id = placed(key, body());

        JsonNode errors = Api.get("/orders/" + id + "?include=report").key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("include");
    }

    @Test
    void anOrderOfAnotherOrganisationOrOfTheOtherModeIs404() {
        String foreign = placed(TestTenant.create().testKey(), body());
        tenant.billing(PaymentMethod.OK, false);
        String live = placed(tenant.liveKey(), body());

        for (String id : List.of(foreign, live, "ord_test_000000000000000000000000")) {
            Api.get("/orders/" + id).key(key).send().assertError(404, "not_found_error");
        }
    }

    @Test
    void fact1TheReportIs404WhileTheOrderIsWaitingOrPending() {
        String pending = placed(key, body());
        ObjectNode apply = body();
        applicant(apply).put("email", "walk@apply.test");
        String waiting = placed(key, apply);

        for (String id : List.of(pending, waiting, "ord_test_000000000000000000000000")) {
            Api.get("/orders/" + id + "/report").key(key).send().assertError(404, "not_found_error");
        }
    }

    private long statementsFor(String path) {
        long before = CountingDriver.statements();
        Api.get(path).key(key).send().json();
        return CountingDriver.statements() - before;
    }
}
