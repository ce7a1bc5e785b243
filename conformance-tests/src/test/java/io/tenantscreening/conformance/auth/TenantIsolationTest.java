package io.tenantscreening.conformance.auth;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * openapi.yaml#authentication (records are isolated per mode and scoped to their
 * organisation), enforced by the database itself as docs/design.md#tenancy describes:
 * written directly in SQL, bypassing the service, a reference to another tenant's record is
 * refused by the composite foreign keys.
 */
class TenantIsolationTest {

    private TestTenant mine;
    private TestTenant theirs;
    private List<Object> myOrder;

    @BeforeEach
    void twoTenants() {
        mine = TestTenant.create();
        theirs = TestTenant.create();
        ObjectNode paidByTheApplicant = OrderRequests.body();
        OrderRequests.order(paidByTheApplicant).put("payer", "applicant");
        String orderId = OrderRequests.placed(mine.liveKey(), paidByTheApplicant);
        myOrder = TestDatabase.rows("SELECT id, property_id, applicant_id FROM orders WHERE id = ?", orderId).get(0);
        OrderRequests.placed(theirs.testKey(), OrderRequests.body());
    }

    @Test
    void anOrderCannotPointAtAnotherOrganisationsProperty() {
        String theirProperty = first("SELECT id FROM properties WHERE organization_id = ?", theirs.id());

        assertRefused("UPDATE orders SET property_id = '" + theirProperty + "' WHERE id = '" + myOrder.get(0) + "'");
    }

    @Test
    void anOrderCannotPointAtAnotherOrganisationsApplicant() {
        TestDatabase.execute("INSERT INTO applicants (id, organization_id, mode, first_name, last_name, email, created_at) "
                + "VALUES ('ap_iso_" + theirs.id() + "', '" + theirs.id() + "', 'live', 'A', 'B', 'a@b.example', now())");

        assertRefused("UPDATE orders SET applicant_id = 'ap_iso_" + theirs.id() + "' WHERE id = '" + myOrder.get(0) + "'");
    }

    @Test
    void anOrderCannotPointAtAnotherOrganisationsRentalApplication() {
        ObjectNode household = Households.member(Households.body(), "applicant", "iso", null);
        String theirApplication = Households.created(theirs.testKey(), household).get("id").asText();
        String myTestOrder = OrderRequests.placed(mine.testKey(), OrderRequests.body());

        assertRefused("UPDATE orders SET rental_application_id = '" + theirApplication + "' WHERE id = '" + myTestOrder + "'");
    }

    @Test
    void anOrderCannotPointAtARecordOfTheOtherMode() {
        String testOrder = OrderRequests.placed(mine.testKey(), OrderRequests.body());
        String testProperty = first("SELECT property_id FROM orders WHERE id = ?", testOrder);

        assertRefused("UPDATE orders SET property_id = '" + testProperty + "' WHERE id = '" + myOrder.get(0) + "'");
    }

    @Test
    void anOrderCannotPointAtAnotherOrganisationsRequester() {
        TestDatabase.execute("INSERT INTO original_requesters (id, organization_id, mode, external_id, type, name, created_at, "
                + "updated_at) VALUES ('req_iso_" + theirs.id() + "', '" + theirs.id() + "', 'live', 'x', 'business', 'X', now(), now())");

        assertRefused("UPDATE orders SET original_requester_id = 'req_iso_" + theirs.id() + "' WHERE id = '" + myOrder.get(0) + "'");
    }

    @Test
    void aChargeOrAnIdempotencyKeyCannotNameAnotherOrganisationsOrder() {
        assertRefused("INSERT INTO charges (id, organization_id, order_id, amount_cents, currency, method, status, created_at, "
                + "updated_at) VALUES ('ch_iso_" + theirs.id() + "', '" + theirs.id() + "', '" + myOrder.get(0) + "', 1, 'usd', "
                + "'invoice', 'succeeded', now(), now())");
        assertRefused("INSERT INTO idempotency_keys (organization_id, idempotency_key, request_digest, digest_key_id, state, "
                + "response_status, response_body, order_id, created_at, operation) VALUES ('" + theirs.id() + "', 'k', '\\x00', "
                + "'k1', 'finished', 201, '{}', '" + myOrder.get(0) + "', now(), 'order')");
    }

    private static String first(String sql, String parameter) {
        return TestDatabase.rows(sql, parameter).get(0).get(0).toString();
    }

    private static void assertRefused(String sql) {
        assertThatThrownBy(() -> TestDatabase.execute(sql))
                .satisfies(thrown -> assertThat(thrown.getCause()).hasMessageContaining("violates foreign key constraint"));
    }
}
