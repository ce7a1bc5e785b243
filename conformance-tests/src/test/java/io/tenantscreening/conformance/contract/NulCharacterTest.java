package io.tenantscreening.conformance.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.order;
import static io.tenantscreening.conformance.support.OrderRequests.place;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The NUL character, which PostgreSQL cannot store, is refused anywhere with a clear error,
 * never a 500 (openapi.yaml#errors: 422 in a body member or query parameter, 404 in an id in
 * the path; docs/design.md#contract-checking-and-hostile-input): in a body member without a
 * pattern, a text member, a query parameter or a path.
 */
@ExtendWith(FreshTenants.class)
class NulCharacterTest {

    @Fresh
    private String key;

    @Test
    void inBodyStringsItIs422OnEachMember() {
        ObjectNode body = body();
        order(body).remove("property");
        order(body).put("property_id", "pr_\0");
        order(body).put("original_requester_id", "req_\0");

        assertPointers(place(key, body).assertValidationErrors(), "/order/property_id", "/order/original_requester_id");
    }

    @Test
    void inTextMembersTheContractRefusesItAsAControlCharacter() {
        ObjectNode body = body();
        applicant(body).put("first_name", "Ja\0mie");

        JsonNode errors = OrderRequests.post(key, body, "k-1").sendInvalid().assertValidationErrors();

        assertPointers(errors, "/order/applicant/first_name");
        assertThat(errors.get(0).get("detail").asText()).contains("control characters");
    }

    @Test
    void inAQueryParameterItIs422OnTheParameter() {
        JsonNode errors = Api.get("/orders?include=property%00").key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("include");
    }

    @Test
    void inAnIdItIs404() {
        for (String path : new String[]{"/orders/ord_a%00b", "/orders/ord_a%00b/report", "/properties/pr_%00"}) {
            Api.get(path).key(key).send().assertError(404, "not_found_error");
        }
        Api.post("/orders/ord_a%00b/cancel").key(key).send().assertError(404, "not_found_error");
    }
}
