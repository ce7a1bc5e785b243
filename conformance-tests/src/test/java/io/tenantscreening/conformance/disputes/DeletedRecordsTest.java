package io.tenantscreening.conformance.disputes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.disputes.DisputeService;
import io.tenantscreening.disputes.DisputeService.DisputedRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Court records deleted after a reinvestigation stay out of later reports on the same
 * consumer (FCRA 611(a)(5)(C); docs/integrators.md#disputes): the consumer is recognised
 * by SSN and date of birth, within the organisation in test mode (docs/design.md
 * "Consumers").
 */
@ExtendWith(FreshTenants.class)
@OwnDatabase
class DeletedRecordsTest {

    private static final String SSN = "123-45-0001";

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** FCRA 611(a)(5)(C): a deleted record does not reappear in the consumer's next report; another consumer's still shows. */
    @Test
    void aDeletedRecordStaysOutOfTheSameConsumersLaterReports() {
        String first = evictionOrder("1990-04-27");
        JsonNode record = Screenings.report(key, first).get("checks").get(1).get("details").get("records").get(0);
        resolve(open(first, List.of(new DisputedRecord("eviction", 0)), "I never lived there. [deleted]"));

        JsonNode again = Screenings.report(key, evictionOrder("1990-04-27")).get("checks").get(1);
        JsonNode other = Screenings.report(key, evictionOrder("1985-01-02")).get("checks").get(1);

        assertThat(again.get("details").get("records")).isEmpty();
        assertThat(again.get("result").asText()).isEqualTo("clear");
        assertThat(other.get("details").get("records")).containsExactly(record);
    }

    /** FCRA 611(a)(5)(C): the records of a whole check whose findings were deleted do not reappear either. */
    @Test
    void theRecordsOfADeletedWholeCheckStayOutOfLaterReports() {
        String first = evictionOrder("1990-04-27");
        resolve(open(first, List.of(DisputedRecord.wholeCheck("eviction")), "None of this is mine. [deleted]"));

        JsonNode again = Screenings.report(key, evictionOrder("1990-04-27")).get("checks").get(1);

        assertThat(again.get("details").get("records")).isEmpty();
    }

    private String evictionOrder(String dob) {
        ObjectNode body = OrderRequests.body();
        OrderRequests.applicant(body).put("email", "ordinary-" + UUID.randomUUID() + "@example.com").put("ssn", SSN).put("dob", dob);
        String id = OrderRequests.placed(key, body);
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    private String open(String order, List<DisputedRecord> records, String reason) {
        return TestServer.bean(DisputeService.class).open(new Tenant(tenant.id(), Mode.TEST), order, records, reason).id();
    }

    private void resolve(String id) {
        await("dispute " + id + " resolved").until(() -> Api.get("/disputes/" + id).key(key).send().json(),
                dispute -> dispute.get("status").asText().equals("resolved"));
    }
}
