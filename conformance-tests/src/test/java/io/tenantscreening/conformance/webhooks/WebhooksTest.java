package io.tenantscreening.conformance.webhooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.AdverseActionEvents;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.conformance.support.Waits;
import io.tenantscreening.conformance.support.WebhookReceiver.Received;
import io.tenantscreening.conformance.support.WebhookReceiver;
import io.tenantscreening.events.EventType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static io.tenantscreening.conformance.support.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * POST /webhook_endpoints, rules 1 to 7, openapi.yaml#webhooks and
 * docs/integrators.md#webhooks: endpoints scoped like every resource, secrets shown once and
 * sealed, signed deliveries to a receiver this test starts on loopback, retries after a 500
 * and after a receiver that hangs (cut off at the test server's 2 s timeout), both secrets
 * signing after a rotation, enabled_events, and the refusal of every kind of address
 * deliveries must not reach; openapi.yaml#versioning and docs/integrators.md#versions: an
 * endpoint keeps the version that created it and receives only that version's event types.
 */
@ExtendWith(FreshTenants.class)
class WebhooksTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * A globally reachable address (AS112's, RFC 7535) for endpoints that must be accepted or
     * refused for something other than their address. Creating an endpoint only reads a
     * numeric address, and no test here makes a live event, so nothing ever connects to it.
     */
    private static final String PUBLIC = "192.31.196.1";
    private static final String VERSION = "Service-Tenant-Version";
    private static final String NEWEST = "2026-11-28";
    private static final String OLD = "2026-04-29";

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /**
     * The test's endpoints (and with them their pending deliveries) go when it ends: their
     * receivers are closed, and the deliveries would go on trying those ports for days,
     * where a later test's receiver may be listening.
     */
    @AfterEach
    void removeEndpoints() {
        TestDatabase.execute("DELETE FROM webhook_endpoints WHERE organization_id = '" + tenant.id() + "'");
    }

    /**
     * POST /webhook_endpoints, rules 2 and 3: the secret is shown once, by the 201 with its
     * Location, and kept sealed; the enabled types come back in alphabetical order. DELETE removes
     * the endpoint and its deliveries for good (404 afterwards).
     */
    @Test
    void anEndpointShowsItsSecretOnceKeepsItSealedAndCanBeDeleted() {
        ApiResponse created = create(key, "http://127.0.0.1:9/hooks", List.of("report.completed", "order.canceled"));

        assertThat(created.status()).isEqualTo(201);
        JsonNode endpoint = created.json();
        String id = endpoint.get("id").asText();
        String secret = endpoint.get("secret").asText();
        assertThat(id).startsWith("we_test_");
        assertThat(created.header("Location")).endsWith("/webhook_endpoints/" + id);
        assertThat(secret).matches("whsec_[A-Za-z0-9_-]{43}");
        assertThat(endpoint.get("enabled_events")).extracting(JsonNode::asText).containsExactly("order.canceled", "report.completed");
        assertThat(endpoint.get("live_mode").asBoolean()).isFalse();
        assertThat(Api.get("/webhook_endpoints/" + id).key(key).send().json().get("secret").isNull()).isTrue();
        assertThat(Api.get("/webhook_endpoints").key(key).send().json().get("data"))
                .allMatch(item -> item.get("secret").isNull()).extracting(item -> item.get("id").asText()).contains(id);
        byte[] stored = (byte[]) TestDatabase.rows("SELECT secret_ciphertext FROM webhook_endpoints WHERE id = ?", id).get(0).get(0);
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain(secret.substring(6), secret.substring(6, 20));

        assertThat(Api.call("DELETE", "/webhook_endpoints/" + id).key(key).send().status()).isEqualTo(204);
        Api.get("/webhook_endpoints/" + id).key(key).send().assertError(404, "not_found_error");
        Api.get("/webhook_endpoints/" + id + "/deliveries").key(key).send().assertError(404, "not_found_error");
        Api.call("DELETE", "/webhook_endpoints/" + id).key(key).send().assertError(404, "not_found_error");
    }

    /**
     * POST /webhook_endpoints, rule 1, and openapi.yaml#authentication: another organisation's or
     * mode's endpoint is 404 on every operation and absent from the list; a read_only key reads
     * endpoints but cannot create, rotate or delete one (403).
     */
    @Test
    void anotherOrganisationsOrModesEndpointIsInvisibleAndAReadOnlyKeyCannotChangeAny() {
        String id = create(key, "http://127.0.0.1:9/hooks", List.of()).json().get("id").asText();
        String stranger = TestTenant.create().testKey();
        String live = tenant.liveKey();
        String readOnly = tenant.key(Mode.TEST, Scope.READ_ONLY).secret();

        for (String other : List.of(stranger, live)) {
            Api.get("/webhook_endpoints/" + id).key(other).send().assertError(404, "not_found_error");
            Api.get("/webhook_endpoints/" + id + "/deliveries").key(other).send().assertError(404, "not_found_error");
            Api.post("/webhook_endpoints/" + id + "/rotate_secret").key(other).send().assertError(404, "not_found_error");
            Api.call("DELETE", "/webhook_endpoints/" + id).key(other).send().assertError(404, "not_found_error");
            assertThat(Api.get("/webhook_endpoints").key(other).send().json().get("data"))
                    .noneMatch(item -> item.get("id").asText().equals(id));
        }
        assertThat(Api.get("/webhook_endpoints").key(readOnly).send().status()).isEqualTo(200);
        assertThat(Api.get("/webhook_endpoints/" + id).key(readOnly).send().status()).isEqualTo(200);
        create(readOnly, "http://127.0.0.1:9/hooks", List.of()).assertError(403, "forbidden");
        Api.post("/webhook_endpoints/" + id + "/rotate_secret").key(readOnly).send().assertError(403, "forbidden");
        Api.call("DELETE", "/webhook_endpoints/" + id).key(readOnly).send().assertError(403, "forbidden");
    }

    /**
     * POST /webhook_endpoints, rule 3: an unknown event type, or one listed twice, is 422 with a
     * pointer to the element.
     */
    @Test
    void unknownOrRepeatedEventTypesAreRefused() {
        ApiResponse unknown = Api.post("/webhook_endpoints").key(key)
                .json("{\"webhook_endpoint\":{\"url\":\"http://127.0.0.1:9/\",\"enabled_events\":[\"order.shipped\"]}}").sendInvalid();
        ApiResponse repeated = Api.post("/webhook_endpoints").key(key)
                .json("{\"webhook_endpoint\":{\"url\":\"http://127.0.0.1:9/\",\"enabled_events\":[\"order.pending\",\"order.pending\"]}}")
                .send();

        unknown.assertError(422, "validation_error");
        assertThat(unknown.json().get("errors").get(0).get("source").get("pointer").asText()).startsWith("/webhook_endpoint/enabled_events");
        assertPointers(repeated.assertValidationErrors(), "/webhook_endpoint/enabled_events/1");
    }

    // POST /webhook_endpoints, rule 4: api_version is the version of the request that created
    // the endpoint, whatever version reads it later.
    @ParameterizedTest
    @ValueSource(strings = {NEWEST, OLD})
    void anEndpointKeepsTheVersionOfTheRequestThatCreatedIt(String version) {
        ApiResponse created = create(key, version, "http://127.0.0.1:9/hooks", List.of());
        String id = created.json().get("id").asText();

        assertThat(created.header(VERSION)).isEqualTo(version);
        assertThat(created.json().get("api_version").asText()).isEqualTo(version);
        for (String reader : List.of(NEWEST, OLD)) {
            assertThat(Api.get("/webhook_endpoints/" + id).key(key).header(VERSION, reader).send().json().get("api_version").asText())
                    .isEqualTo(version);
            assertThat(Api.get("/webhook_endpoints").key(key).header(VERSION, reader).send().json().get("data"))
                    .filteredOn(item -> item.get("id").asText().equals(id)).singleElement()
                    .satisfies(item -> assertThat(item.get("api_version").asText()).isEqualTo(version));
            assertThat(Api.post("/webhook_endpoints/" + id + "/rotate_secret").key(key).header(VERSION, reader).send().json()
                    .get("api_version").asText()).isEqualTo(version);
        }
    }

    // POST /webhook_endpoints, rule 4, and openapi.yaml#versioning: without the header the
    // newest version serves, so the endpoint is of it.
    @Test
    void anEndpointCreatedWithoutTheHeaderIsOfTheNewestVersion() {
        assertThat(create(key, "http://127.0.0.1:9/hooks", List.of()).json().get("api_version").asText()).isEqualTo(NEWEST);
    }

    // POST /webhook_endpoints, rule 3, and openapi.yaml#versioning: the adverse_action.* types
    // are outside the event types of 2026-04-29 (422 on each, naming the version); 2026-11-25
    // takes them.
    @Test
    void underTheOlderVersionAdverseActionTypesAreRefusedInEnabledEvents() {
        List<String> types = List.of("order.pending", "adverse_action.created", "adverse_action.notice_undeliverable");

        ApiResponse old = create(key, OLD, "http://127.0.0.1:9/hooks", types);
        ApiResponse newest = create(key, NEWEST, "http://127.0.0.1:9/hooks", types);

        JsonNode errors = old.assertValidationErrors();
        assertPointers(errors, "/webhook_endpoint/enabled_events/1", "/webhook_endpoint/enabled_events/2");
        assertThat(errors).allSatisfy(entry -> JsonAssertions.assertDetailMentions(entry, "API version 2026-04-29"));
        assertThat(TestDatabase.number("SELECT count(*) FROM webhook_endpoints WHERE organization_id = ?", tenant.id()))
                .as("only the endpoint of 2026-11-25").isEqualTo(1);
        assertThat(newest.status()).isEqualTo(201);
        assertThat(newest.json().get("enabled_events")).extracting(JsonNode::asText)
                .containsExactly("adverse_action.created", "adverse_action.notice_undeliverable", "order.pending");
    }

    // POST /webhook_endpoints, rule 4, and openapi.yaml#versioning: endpoints created under
    // 2026-04-29 never receive adverse_action.* events, not even when they enable every type;
    // endpoints of 2026-11-25 receive them.
    @Test
    void adverseActionEventsAreDeliveredOnlyToEndpointsOfTheNewestVersion() throws Exception {
        try (WebhookReceiver older = WebhookReceiver.start(); WebhookReceiver newer = WebhookReceiver.start()) {
            String olderEndpoint = create(key, OLD, older.url(), List.of()).json().get("id").asText();
            create(key, NEWEST, newer.url(), List.of());
            String adverse = AdverseActionEvents.record(tenant, EventType.ADVERSE_ACTION_CREATED);
            Api.post("/orders/" + waitingOrder() + "/cancel").key(key).send();

            List<Received> toNewer = newer.await(2, any -> true, Waits.PATIENCE);
            awaitDelivery(olderEndpoint, "succeeded");

            assertThat(toNewer).extracting(received -> JSON.readTree(received.body()).get("type").asText())
                    .containsExactlyInAnyOrder("adverse_action.created", "order.canceled");
            assertThat(toNewer).filteredOn(received -> received.text().contains(adverse)).singleElement()
                    .satisfies(received -> assertThat(JSON.readTree(received.body()))
                            .isEqualTo(Api.get("/events/" + adverse).key(key).header(VERSION, NEWEST).send().json()));
            assertThat(TestDatabase.rows("SELECT event_type FROM webhook_deliveries WHERE endpoint_id = ?", olderEndpoint))
                    .containsExactly(List.of("order.canceled"));
            assertThat(older.received()).singleElement().satisfies(received -> assertThat(received.text())
                    .contains("\"type\":\"order.canceled\"").doesNotContain(adverse));
        }
    }

    /**
     * openapi.yaml#webhooks (Signature) and docs/integrators.md#webhooks (What arrives): each event
     * is POSTed as GET /events/{id} answers it, signed with the secret of the creation answer, with
     * Service-Event-Id and Service-Delivery-Id.
     */
    @Test
    void everyEventIsDeliveredSignedWithTheSecretFromTheCreationAnswer() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            JsonNode endpoint = create(key, receiver.url(), List.of()).json();
            String order = placed(key, body());

            List<Received> deliveries = receiver.await(3, any -> true, Waits.PATIENCE);

            assertThat(deliveries).extracting(received -> JSON.readTree(received.body()).get("type").asText())
                    .containsExactlyInAnyOrder("order.pending", "report.completed", "order.completed");
            for (Received delivery : deliveries) {
                assertSigned(delivery, List.of(endpoint.get("secret").asText()));
                JsonNode event = JSON.readTree(delivery.body());
                assertThat(delivery.header("Service-Event-Id")).isEqualTo(event.get("id").asText());
                assertThat(delivery.header("Service-Delivery-Id")).startsWith("whd_test_");
                assertThat(delivery.header("Content-Type")).startsWith("application/json");
                assertThat(event).isEqualTo(Api.get("/events/" + event.get("id").asText()).key(key).send().json());
            }
            assertThat(JSON.readTree(deliveries.get(0).body()).get("data").get("object").get("id").asText()).isIn(order,
                    Api.get("/orders/" + order + "/report").key(key).send().json().get("id").asText());
        }
    }

    /**
     * docs/integrators.md#webhooks (Retries): an answer other than 2xx is tried again, with the
     * same body and delivery id, and the delivery lists every attempt.
     */
    @Test
    void aReceiverThatAnswers500GetsTheSameEventAgainAndTheDeliveryListsBothAttempts() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String endpoint = create(key, receiver.url(), List.of("order.canceled")).json().get("id").asText();
            receiver.thenAnswer(500);
            String order = waitingOrder();
            Api.post("/orders/" + order + "/cancel").key(key).send();

            List<Received> requests = receiver.await(2, any -> true, Waits.PATIENCE);

            assertThat(requests.get(0).body()).isEqualTo(requests.get(1).body());
            assertThat(requests.get(1).header("Service-Delivery-Id")).isEqualTo(requests.get(0).header("Service-Delivery-Id"));
            JsonNode delivery = awaitDelivery(endpoint, "succeeded");
            assertThat(delivery.get("attempts").asInt()).isEqualTo(2);
            assertThat(delivery.get("response_status").asInt()).isEqualTo(200);
            assertThat(delivery.get("event_type").asText()).isEqualTo("order.canceled");
            assertThat(delivery.get("event_id").asText()).isEqualTo(JSON.readTree(requests.get(0).body()).get("id").asText());
            assertThat(delivery.get("attempt_log")).extracting(attempt -> attempt.get("response_status").asInt())
                    .containsExactly(200, 500);
            assertThat(delivery.get("attempt_log").get(1).get("response_body").asText()).isEqualTo("received");
        }
    }

    /**
     * docs/integrators.md#webhooks (Retries) and docs/operators.md#webhooks (WEBHOOK_TIMEOUT): an
     * attempt not answered within the timeout is cut off, recorded with its error, and tried again.
     */
    @Test
    void aReceiverThatHangsIsCutOffAtTheTimeoutAndTriedAgain() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String endpoint = create(key, receiver.url(), List.of("order.canceled")).json().get("id").asText();
            receiver.thenHang(Duration.ofSeconds(6));
            Api.post("/orders/" + waitingOrder() + "/cancel").key(key).send();

            receiver.await(2, any -> true, Waits.PATIENCE);
            JsonNode delivery = awaitDelivery(endpoint, "succeeded");

            JsonNode cutOff = delivery.get("attempt_log").get(1);
            assertThat(cutOff.get("response_status").isNull()).isTrue();
            assertThat(cutOff.get("error").asText()).isEqualTo("no complete answer within 2 s");
            assertThat(cutOff.get("duration_ms").asInt()).isBetween(1900, 4000);
            assertThat(delivery.get("attempt_log").get(0).get("response_status").asInt()).isEqualTo(200);
        }
    }

    /**
     * docs/integrators.md#webhooks and openapi.yaml#webhooks: rotate_secret shows the new secret
     * once; for 24 hours (WEBHOOK_ROTATION_OVERLAP) deliveries carry a v1 of each secret, the new
     * one first, then only the new one.
     */
    @Test
    void afterARotationBothSecretsSignFor24HoursThenOnlyTheNewOne() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            JsonNode endpoint = create(key, receiver.url(), List.of("order.canceled")).json();
            String old = endpoint.get("secret").asText();
            ApiResponse rotated = Api.post("/webhook_endpoints/" + endpoint.get("id").asText() + "/rotate_secret").key(key).send();
            String fresh = rotated.json().get("secret").asText();

            Api.post("/orders/" + waitingOrder() + "/cancel").key(key).send();
            Received during = receiver.await(1, any -> true, Waits.PATIENCE).get(0);
            String id = endpoint.get("id").asText();
            assertThat(TestDatabase.number("SELECT round(extract(epoch FROM previous_secret_until - now()) / 3600) "
                    + "FROM webhook_endpoints WHERE id = ?", id)).isEqualTo(24);
            TestDatabase.execute("UPDATE webhook_endpoints SET previous_secret_until = now() - interval '1 second' "
                    + "WHERE id = '" + id + "'");
            Api.post("/orders/" + waitingOrder() + "/cancel").key(key).send();
            Received after = receiver.await(2, any -> true, Waits.PATIENCE).get(1);

            assertThat(rotated.status()).isEqualTo(200);
            assertThat(fresh).isNotEqualTo(old).matches("whsec_[A-Za-z0-9_-]{43}");
            assertThat(Api.get("/webhook_endpoints/" + endpoint.get("id").asText()).key(key).send().json().get("secret").isNull())
                    .isTrue();
            assertSigned(during, List.of(fresh, old));
            assertSigned(after, List.of(fresh));
        }
    }

    /**
     * docs/integrators.md#webhooks (Retries): a hanging endpoint holds only its own slots:
     * another endpoint's deliveries arrive while every request to the hanging one is still
     * unanswered (one endpoint may have several requests in flight,
     * docs/operators.md#webhooks).
     */
    @Test
    void aDeadEndpointDoesNotHoldUpAnotherEndpointsDeliveries() throws Exception {
        try (WebhookReceiver dead = WebhookReceiver.start(); WebhookReceiver alive = WebhookReceiver.start()) {
            for (int i = 0; i < 5; i++) {
                dead.thenHang(Duration.ofSeconds(8));
            }
            String deadEndpoint = create(key, dead.url(), List.of("order.canceled")).json().get("id").asText();
            create(key, alive.url(), List.of("order.canceled"));
            List<String> orders = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                orders.add(waitingOrder());
            }
            orders.forEach(order -> Api.post("/orders/" + order + "/cancel").key(key).send());

            alive.await(5, any -> true, Waits.PATIENCE);

            assertThat(TestDatabase.number("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND attempts = 0",
                    deadEndpoint)).as("deliveries to the hanging endpoint still unanswered").isEqualTo(5);
        }
    }

    /**
     * POST /webhook_endpoints, rule 3: an endpoint receives only the types it enabled; none enabled
     * means every type.
     */
    @Test
    void anEndpointGetsOnlyTheEventTypesItEnabled() throws Exception {
        try (WebhookReceiver all = WebhookReceiver.start(); WebhookReceiver completedOnly = WebhookReceiver.start()) {
            create(key, all.url(), List.of());
            String onlyCompleted = create(key, completedOnly.url(), List.of("order.completed")).json().get("id").asText();
            placed(key, body());

            all.await(3, any -> true, Waits.PATIENCE);
            awaitDelivery(onlyCompleted, "succeeded");

            assertThat(completedOnly.received()).hasSize(1)
                    .allMatch(received -> received.text().contains("\"type\":\"order.completed\""));
        }
    }

    /**
     * POST /webhook_endpoints, rule 1: an endpoint receives only its organisation's events of its
     * mode.
     */
    @Test
    void aStrangersEventsAndTheOtherModesEventsAreNotDelivered() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String endpoint = create(key, receiver.url(), List.of()).json().get("id").asText();
            String stranger = TestTenant.create().testKey();
            String strangerOrder = placed(stranger, body());
            Screenings.awaitStatus(stranger, strangerOrder, "completed");
            String own = placed(key, body());
            receiver.await(3, any -> true, Waits.PATIENCE);

            assertThat(receiver.received()).allMatch(received -> received.text().contains(own) || !received.text().contains(strangerOrder));
            assertThat(TestDatabase.number("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ?", endpoint)).isEqualTo(3);
        }
    }

    /**
     * POST /webhook_endpoints, rules 5 and 6: a live URL must be absolute https, without user info,
     * on a globally reachable address, numeric host forms included; anything else is 422 on
     * /webhook_endpoint/url and stores nothing.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "https://10.0.0.1/hooks", "https://172.16.5.4/hooks", "https://192.168.1.1/hooks", "https://127.0.0.1/hooks",
            "https://localhost/hooks", "https://169.254.169.254/latest/meta-data", "https://100.100.100.200/hooks",
            "https://0.0.0.0/hooks", "https://224.0.0.1/hooks", "https://255.255.255.255/hooks", "https://[::1]/hooks",
            "https://[::]/hooks", "https://[fe80::1]/hooks", "https://[fd00:ec2::254]/hooks", "https://[fc00::1]/hooks",
            "https://[ff02::1]/hooks", "https://[::ffff:10.0.0.1]/hooks", "https://[::ffff:127.0.0.1]/hooks",
            "https://[::ffff:a9fe:a9fe]/hooks", "https://[64:ff9b::a9fe:a9fe]/hooks", "https://[2002:a9fe:a9fe::1]/hooks",
            "https://2130706433/hooks", "https://0177.0.0.1/hooks", "https://0x7f.1/hooks", "https://017700000001/hooks",
            "https://10.1/hooks", "https://0xa9.0xfe.0xa9.0xfe/hooks", "http://" + PUBLIC + "/hooks", "ftp://" + PUBLIC + "/hooks",
            "https://user:pass@" + PUBLIC + "/hooks", "/relative/hooks"})
    void aLiveEndpointMustBeHttpsOnAPublicAddress(String url) {
        String live = TestTenant.create().liveKey();

        ApiResponse refused = Api.post("/webhook_endpoints").key(live)
                .json("{\"webhook_endpoint\":{\"url\":" + quote(url) + "}}").sendRaw();

        refused.assertError(422, "validation_error");
        assertThat(refused.json().get("errors").get(0).get("source").get("pointer").asText()).isEqualTo("/webhook_endpoint/url");
        assertThat(TestDatabase.number("SELECT count(*) FROM webhook_endpoints WHERE url = ?", url)).isZero();
    }

    /**
     * POST /webhook_endpoints, rule 5: a port outside 1 to 65535 can never be delivered to, and
     * is refused. The host is numeric and the check comes first, so nothing is resolved.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"99999", "65536", "0"})
    void aPortOutsideTheTcpRangeIsRefused(String port) {
        String url = "https://" + PUBLIC + ":" + port + "/hooks";

        ApiResponse refused = create(tenant.liveKey(), url, List.of());

        JsonNode entry = refused.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/webhook_endpoint/url");
        assertThat(entry.get("detail").asText()).contains("Port " + port, "1 to 65535");
        assertThat(TestDatabase.number("SELECT count(*) FROM webhook_endpoints WHERE url = ?", url)).isZero();
    }

    /**
     * POST /webhook_endpoints, rule 6: every range of the IANA special-purpose address
     * registries that is not globally reachable is refused (documentation, benchmarking and
     * reserved ones included), and so is an IPv6 form that carries such an IPv4 address.
     * Every host here is numeric, so nothing is resolved or connected to.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "198.18.0.1", "198.19.255.254", "192.0.2.1", "198.51.100.7", "203.0.113.10", "192.0.0.8", "192.0.0.170",
            "192.88.99.1", "240.0.0.1", "[2001:db8::1]", "[3fff::1]", "[2001:2::1]", "[2001::1]", "[2001:10::1]", "[100::1]",
            "[5f00::1]", "[64:ff9b:1::1]", "[fec0::1]", "[4000::1]", "[2002:c612:1::1]", "[64:ff9b::c000:201]",
            "[::ffff:203.0.113.10]", "[::c000:201]"})
    void aLiveEndpointInARangeThatIsNotGloballyReachableIsRefused(String host) {
        String url = "https://" + host + "/hooks";

        ApiResponse refused = create(tenant.liveKey(), url, List.of());

        JsonNode entry = refused.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/webhook_endpoint/url");
        assertThat(entry.get("detail").asText()).contains("not globally reachable", "RFC ");
        assertThat(TestDatabase.number("SELECT count(*) FROM webhook_endpoints WHERE url = ?", url)).isZero();
    }

    /**
     * POST /webhook_endpoints, rule 7: control characters (C0, DEL, C1), line and paragraph
     * separators and the bidirectional formatting characters are refused anywhere in a URL,
     * raw or percent-encoded. The host is numeric, so nothing is resolved or connected to.
     */
    @ParameterizedTest(name = "{1} in {0}")
    @CsvSource(delimiter = '|', value = {
            "https://" + PUBLIC + "/\u202Ehooks                 | U+202E",
            "https://" + PUBLIC + "/%E2%80%AEhooks               | U+202E",
            "https://" + PUBLIC + "/hooks?to=%e2%81%a6x           | U+2066",
            "https://" + PUBLIC + "/hooks?to=\u2069x              | U+2069",
            "https://" + PUBLIC + "/\u200Ehooks                 | U+200E",
            "https://" + PUBLIC + "/%E2%80%8Fhooks               | U+200F",
            "https://" + PUBLIC + "/%D8%9Chooks                  | U+061C",
            "https://" + PUBLIC + "/ho\u202Aoks                 | U+202A",
            "https://" + PUBLIC + "/ho%00oks                     | U+0000",
            "https://" + PUBLIC + "/hooks%0d%0aX-Injected:%201    | U+000D",
            "https://" + PUBLIC + "/ho\u0001oks                 | U+0001",
            "https://" + PUBLIC + "/ho%7Foks                     | U+007F",
            "https://" + PUBLIC + "/ho\u0085oks                 | U+0085",
            "https://" + PUBLIC + "/ho%C2%9Boks                  | U+009B",
            "https://" + PUBLIC + "/ho\u2028oks                 | U+2028",
            "https://" + PUBLIC + "/ho%E2%80%A9oks               | U+2029",
            "https://us%E2%80%AEer@" + PUBLIC + "/hooks          | U+202E",
            "https://" + PUBLIC + "\u202E/hooks                 | U+202E"})
    void aUrlWithAControlOrBidirectionalCharacterIsRefused(String url, String codePoint) {
        ApiResponse refused = Api.post("/webhook_endpoints").key(tenant.liveKey())
                .json("{\"webhook_endpoint\":{\"url\":" + quote(url) + "}}").sendRaw();

        JsonNode entry = refused.assertError(422, "validation_error");
        assertThat(entry.get("source").get("pointer").asText()).isEqualTo("/webhook_endpoint/url");
        assertThat(entry.get("detail").asText()).isEqualTo("Must not contain control characters, line or paragraph separators "
                + "or bidirectional formatting characters, raw or percent-encoded (found " + codePoint + ").");
        assertThat(TestDatabase.number("SELECT count(*) FROM webhook_endpoints WHERE url = ?", url)).isZero();
    }

    /**
     * POST /webhook_endpoints, rules 5 and 6: a public https address is accepted; a test endpoint
     * may use loopback only because the operator allows it (the test server does), and a private
     * address not even in test mode.
     */
    @Test
    void aLiveEndpointOnAPublicHttpsAddressIsAcceptedAndTestModeAcceptsLoopbackOnlyBecauseTheOperatorAllowsIt() {
        String live = tenant.liveKey();

        assertThat(create(live, "https://" + PUBLIC + "/hooks", List.of()).status()).isEqualTo(201);
        assertThat(create(key, "http://127.0.0.1:8999/hooks", List.of()).status()).isEqualTo(201);
        ApiResponse privateInTest = create(key, "http://192.168.1.1/hooks", List.of());
        privateInTest.assertError(422, "validation_error");
    }

    /**
     * POST /webhook_endpoints, rule 6: every delivery checks the address again when it connects; a
     * refused address is never connected to, and the attempt's error says why.
     */
    @Test
    void anAddressRefusedAtDeliveryIsNeverConnectedToAndTheAttemptSaysWhy() {
        String endpoint = create(key, "http://127.0.0.1:9/hooks", List.of("order.canceled")).json().get("id").asText();
        TestDatabase.execute("UPDATE webhook_endpoints SET url = 'http://10.0.0.1:9/hooks' WHERE id = '" + endpoint + "'");

        Api.post("/orders/" + waitingOrder() + "/cancel").key(key).send();
        JsonNode delivery = awaitDelivery(endpoint, "pending", 1);

        JsonNode attempt = delivery.get("attempt_log").get(0);
        assertThat(attempt.get("response_status").isNull()).isTrue();
        assertThat(attempt.get("error").asText()).isEqualTo("refused: 10.0.0.1 is in 10.0.0.0/8 (private use, RFC 1918), which is not globally reachable");
        assertThat(attempt.get("duration_ms").asInt()).isLessThan(1000);
    }

    private static ApiResponse create(String key, String url, List<String> events) {
        return Api.post("/webhook_endpoints").key(key).json(createBody(url, events)).send();
    }

    /** Creates an endpoint with a request served by this API version. */
    private static ApiResponse create(String key, String version, String url, List<String> events) {
        return Api.post("/webhook_endpoints").key(key).header(VERSION, version).json(createBody(url, events)).send();
    }

    private static String createBody(String url, List<String> events) {
        return "{\"webhook_endpoint\":{\"url\":" + quote(url) + ",\"enabled_events\":["
                + String.join(",", events.stream().map(WebhooksTest::quote).toList()) + "]}}";
    }

    /** The text as a JSON string. */
    private static String quote(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A test order waiting for its applicant (so that cancelling it makes exactly one event). */
    private String waitingOrder() {
        ObjectNode body = body();
        applicant(body).put("email", "hook-" + UUID.randomUUID() + "@apply.test");
        return placed(key, body);
    }

    private JsonNode awaitDelivery(String endpoint, String status) {
        return awaitDelivery(endpoint, status, 1);
    }

    /** The endpoint's newest delivery once it has this status and at least this many attempts. */
    private JsonNode awaitDelivery(String endpoint, String status, int attempts) {
        JsonNode data = await("the newest delivery of " + endpoint + " " + status + " after " + attempts + " attempt(s)").until(
                () -> Api.get("/webhook_endpoints/" + endpoint + "/deliveries").key(key).send().json().get("data"),
                deliveries -> !deliveries.isEmpty() && deliveries.get(0).get("status").asText().equals(status)
                        && deliveries.get(0).get("attempts").asInt() >= attempts);
        return data.get(0);
    }

    /** The signature header verifies with each of these secrets, and only with them. */
    private static void assertSigned(Received delivery, List<String> secrets) throws Exception {
        String header = delivery.header("Service-Signature");
        String[] parts = header.split(",");
        assertThat(parts[0]).startsWith("t=");
        long t = Long.parseLong(parts[0].substring(2));
        assertThat(Math.abs(t - Instant.now().getEpochSecond())).isLessThan(Duration.ofHours(25).toSeconds());
        List<String> signatures = Arrays.stream(parts).skip(1).map(part -> {
            assertThat(part).startsWith("v1=");
            return part.substring(3);
        }).toList();
        List<String> expected = secrets.stream().map(secret -> hmac(secret, t + "." + delivery.text())).toList();
        assertThat(signatures).containsExactlyElementsOf(expected);
    }

    private static String hmac(String secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
