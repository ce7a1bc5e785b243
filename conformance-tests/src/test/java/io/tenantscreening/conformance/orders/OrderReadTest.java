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
 * GET /orders/{id}, rules 1 and 2 (another organisation's or mode's order is 404, as
 * openapi.yaml#authentication has it; include), the includes read in the order's own
 * statement (docs/design.md#the-request-path), and GET /orders/{id}/report answering 404
 * while the order is not completed (docs/integrators.md#reports). Cancel and the other
 * transitions: OrderLifecycleTest.
 */
@ExtendWith(FreshTenants.class)
class OrderReadTest {

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** GET /orders/{id}, rule 2. */
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

    /** docs/design.md#the-request-path: GET /orders/{id} is one statement with or without include. */
    @Test
    void includesAreReadInTheOrdersOwnStatement() {
        ObjectNode body = body();
        order(body).putObject("original_requester").put("external_id", "l-2").put("type", "business").put("name", "Oak LLC");
        String id = placed(key, body);
        String included = "/orders/" + id + "?include=applicant,original_requester,property";
        Api.get(included).key(key).send().json();

        assertThat(statementsFor(included)).isEqualTo(statementsFor("/orders/" + id));
    }

    /** GET /orders/{id}, rule 2. */
    @Test
    void anUnknownIncludeIs422() {
        String id = placed(key, body());

        JsonNode errors = Api.get("/orders/" + id + "?include=report").key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("include");
    }

    /** GET /orders/{id}, rule 1. */
    @Test
    void anOrderOfAnotherOrganisationOrOfTheOtherModeIs404() {
        String foreign = placed(TestTenant.create().testKey(), body());
        tenant.billing(PaymentMethod.OK, false);
        String live = placed(tenant.liveKey(), body());

        for (String id : List.of(foreign, live, "ord_test_000000000000000000000000")) {
            Api.get("/orders/" + id).key(key).send().assertError(404, "not_found_error");
        }
    }

    /** docs/integrators.md#reports: while the order is not completed its report is 404. */
    @Test
    void theReportIs404WhileTheOrderIsWaitingOrPending() {
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
