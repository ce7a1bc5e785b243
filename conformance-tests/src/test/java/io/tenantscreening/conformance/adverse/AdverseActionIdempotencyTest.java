package io.tenantscreening.conformance.adverse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.orders.OrderLifecycle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Set;
import java.util.UUID;

import static io.tenantscreening.conformance.support.AdverseActionRequests.denial;
import static io.tenantscreening.conformance.support.AdverseActionRequests.input;
import static io.tenantscreening.conformance.support.AdverseActionRequests.post;
import static io.tenantscreening.conformance.support.AdverseActionRequests.preAdverse;
import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /adverse_actions, rule 6 (in live mode the first answer, 201, is stored with the
 * Idempotency-Key and replayed with Idempotent-Replayed: true, and no second notice is ever
 * sent for it; the same key with another body is 422), and rule 2 across keys;
 * openapi.yaml#idempotency (what is not kept). Live orders completed by the sandbox after
 * the applicant's submission (made through the service's OrderLifecycle).
 */
@ExtendWith(FreshTenants.class)
class AdverseActionIdempotencyTest {

    private static final String REPLAYED = "Idempotent-Replayed";

    @Fresh(cardOnFile = true)
    private TestTenant tenant;
    @Fresh(mode = Mode.LIVE, cardOnFile = true)
    private String key;

    /** POST /adverse_actions, rule 6: a repeated request replays the first answer and makes no second notice. */
    @Test
    void aRepeatedRequestReplaysTheFirstAnswerAndMakesNoSecondNotice() {
        String order = completedLiveOrder();
        String idempotencyKey = UUID.randomUUID().toString();

        ApiResponse first = post(key, denial(order), idempotencyKey).send();
        ApiResponse again = post(key, denial(order), idempotencyKey).send();

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header(REPLAYED)).isNull();
        String id = first.json().get("id").asText();
        assertThat(id).startsWith("aa_").doesNotStartWith("aa_test_");
        assertThat(first.json().get("live_mode").asBoolean()).isTrue();
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header(REPLAYED)).isEqualTo("true");
        assertThat(again.header("Location")).isEqualTo(TestServer.baseUrl() + "/adverse_actions/" + id);
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(count("SELECT count(*) FROM adverse_actions WHERE organization_id = ?")).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM adverse_action_notices WHERE organization_id = ?")).isEqualTo(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM events WHERE object_id = ?", id)).isEqualTo(2);
    }

    /** POST /adverse_actions, rule 6: the replay is the answer as it was first given, not the adverse action as it is now. */
    @Test
    void theReplayCarriesTheAdverseActionAsItWasTaken() {
        String order = completedLiveOrder();
        String idempotencyKey = UUID.randomUUID().toString();
        JsonNode first = post(key, preAdverse(order), idempotencyKey).send().json();
        Api.post("/adverse_actions/" + first.get("id").asText() + "/cancel").key(key).send();

        ApiResponse again = post(key, preAdverse(order), idempotencyKey).send();

        assertThat(again.header(REPLAYED)).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first);
        assertThat(again.json().get("status").asText()).isEqualTo("pending");
    }

    /** POST /adverse_actions, rule 6: the same key with another body is 422 on the Idempotency-Key header. */
    @Test
    void theSameKeyWithAnotherBodyIs422OnTheHeader() {
        String order = completedLiveOrder();
        String idempotencyKey = UUID.randomUUID().toString();
        post(key, denial(order), idempotencyKey).send();
        ObjectNode other = denial(order);
        input(other).putArray("reasons").add("Another reason");

        JsonNode error = post(key, other, idempotencyKey).send().assertError(422, "validation_error");

        assertThat(error.get("source").get("header").asText()).isEqualTo("Idempotency-Key");
        assertThat(count("SELECT count(*) FROM adverse_actions WHERE organization_id = ?")).isEqualTo(1);
    }

    /** POST /adverse_actions, rule 6: 404 and validation errors are not kept, so the key may be sent again. */
    @Test
    void aRefusalIsNotKeptAndTheKeyCanBeUsedAgain() {
        String order = completedLiveOrder();
        String idempotencyKey = UUID.randomUUID().toString();
        ObjectNode unknown = denial("ord_000000000000000000000000");

        post(key, unknown, idempotencyKey).send().assertError(404, "not_found_error");
        ApiResponse afterwards = post(key, denial(order), idempotencyKey).send();

        assertThat(afterwards.status()).isEqualTo(201);
        assertThat(afterwards.header(REPLAYED)).isNull();
    }

    /** POST /adverse_actions, rule 6: requests with one key at the same moment take one adverse action; the others get its answer. */
    @Test
    void concurrentRequestsWithOneKeyTakeOneAdverseAction() throws Exception {
        String order = completedLiveOrder();
        String idempotencyKey = UUID.randomUUID().toString();

        List<ApiResponse> answers = Concurrently.send(6, client -> post(key, preAdverse(order), idempotencyKey).send());

        assertThat(answers).allSatisfy(answer -> assertThat(answer.status()).as(answer.body()).isEqualTo(201));
        assertThat(answers).extracting(answer -> answer.json().get("id").asText()).containsOnly(answers.get(0).json().get("id").asText());
        assertThat(answers).filteredOn(answer -> answer.header(REPLAYED) == null).hasSize(1);
        assertThat(count("SELECT count(*) FROM adverse_action_notices WHERE organization_id = ?")).isEqualTo(1);
    }

    /** POST /adverse_actions, rule 2: one at a time holds across keys too; two keys racing for one order take one adverse action. */
    @Test
    void twoKeysRacingForOneOrderTakeOneAdverseAction() throws Exception {
        String order = completedLiveOrder();

        List<ApiResponse> answers = Concurrently.send(4, client -> post(key, denial(order), UUID.randomUUID().toString()).send());

        assertThat(answers).filteredOn(answer -> answer.status() == 201).hasSize(1);
        assertThat(answers).filteredOn(answer -> answer.status() != 201)
                .allSatisfy(answer -> assertPointers(answer.assertValidationErrors(), "/adverse_action/order_id"));
        assertThat(count("SELECT count(*) FROM adverse_actions WHERE organization_id = ?")).isEqualTo(1);
    }

    private String completedLiveOrder() {
        ObjectNode body = body();
        applicant(body).put("ssn", "123-45-0005").put("dob", "1990-07-14");
        String id = placed(key, body);
        TestServer.bean(OrderLifecycle.class).submit(new Tenant(tenant.id(), Mode.LIVE), id, OrderLifecycle.Actor.APPLICANT, Set.of());
        Screenings.awaitStatus(key, id, "completed");
        return id;
    }

    private long count(String sql) {
        return TestDatabase.number(sql, tenant.id());
    }
}
