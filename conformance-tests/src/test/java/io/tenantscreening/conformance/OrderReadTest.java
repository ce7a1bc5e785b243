package io.tenantscreening.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.organizations.BillingSettings.PaymentMethod;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed: GET /orders/{id} (include), GET /orders/{id}/report (404 while no report exists),
 * States (facts 1 to 3), Authentication rule 4; decisions: Orders: states and transitions
 * (cancel, final states, transitions kept for audit).
 */
class OrderReadTest {

    private TestTenant tenant;
    private String key;

    @BeforeEach
    void tenant() {
        tenant = TestTenant.create();
        key = tenant.testKey();
    }

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

    @Test
    void cancelingEndsTheOrderAndItsApplicationUrlAndIsKeptForAudit() {
        ObjectNode apply = body();
        applicant(apply).put("email", "walk@apply.test");
        String id = placed(key, apply);

        ApiResponse canceled = Api.post("/orders/" + id + "/cancel").key(key).send();

        assertThat(canceled.status()).isEqualTo(200);
        JsonNode order = canceled.json();
        assertThat(order.get("status").asText()).isEqualTo("canceled");
        assertThat(order.get("canceled_at").asText()).isNotBlank();
        assertThat(order.get("completed_at").isNull()).isTrue();
        assertThat(order.get("application_url").isNull()).isTrue();
        assertThat(TestDatabase.rows("SELECT from_status, to_status, actor FROM order_transitions WHERE order_id = ? ORDER BY id", id))
                .containsExactly(Arrays.asList(null, "waiting_for_applicant", "api"),
                        List.of("waiting_for_applicant", "canceled", "api"));
    }

    @Test
    void cancelingAFinalOrderIs422OnTheId() {
        String id = placed(key, body());
        Api.post("/orders/" + id + "/cancel").key(key).send();

        JsonNode errors = Api.post("/orders/" + id + "/cancel").key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
    }

    @Test
    void cancelingAnotherOrganisationsOrderIs404() {
        String foreign = placed(TestTenant.create().testKey(), body());

        Api.post("/orders/" + foreign + "/cancel").key(key).send().assertError(404, "not_found_error");
    }
}
