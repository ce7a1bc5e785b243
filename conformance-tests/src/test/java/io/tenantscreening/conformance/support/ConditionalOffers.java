package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.screening.ReportDay;

import java.time.LocalDate;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The landlord's conditional offer, which releases a criminal check held under two-step screening (POST /orders/{id}/conditional_offer). */
public final class ConditionalOffers {

    private ConditionalOffers() {
    }

    public static ApiResponse offer(String key, String orderId, LocalDate madeOn, String idempotencyKey) {
        return Api.post("/orders/" + orderId + "/conditional_offer").key(key).header("Idempotency-Key", idempotencyKey)
                .json("{\"conditional_offer\": {\"made_on\": \"" + madeOn + "\", \"note\": \"Lease for unit 4B sent.\"}}").send();
    }

    /** Today as the agency counts days (in its time zone). */
    public static LocalDate today() {
        return TestServer.bean(ReportDay.class).today();
    }

    /**
     * Makes the conditional offer on a completed order whose criminal check is held, and waits
     * for the report's second version, the one with the released check.
     */
    public static JsonNode release(String key, String orderId) {
        ApiResponse offered = offer(key, orderId, today(), UUID.randomUUID().toString());
        assertThat(offered.status()).as(offered.body()).isEqualTo(200);
        return Waits.await("the report with the released criminal check").until(() -> Screenings.report(key, orderId),
                report -> report.get("version").asInt() == 2);
    }
}
