package io.tenantscreening.conformance.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.JarProcess;
import io.tenantscreening.conformance.support.OrderRequests;
import io.tenantscreening.conformance.support.StartsServiceProcesses;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#the-operator-command-line: the operator command line (a subcommand of the
 * service jar, JSON on stdout, a message on stderr and a non-zero exit when it fails) creates
 * organisations, issues keys shown once with only a SHA-256 digest stored, revokes keys, sets
 * billing state and lists everything; and it deactivates original requesters, whose ids are
 * then 404 on new orders (POST /orders, rule 5). What a key may do by its mode and scope is
 * openapi.yaml#authentication.
 */
@StartsServiceProcesses
class OperatorCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void createsAnOrganisationWithDefaultBilling() throws Exception {
        JsonNode organization = operator("org", "create", "--name", "Acme Rentals");

        assertThat(organization.get("id").asText()).matches("org_[0-9A-Za-z]{24}");
        assertThat(organization.get("name").asText()).isEqualTo("Acme Rentals");
        assertThat(organization.get("billing").get("payment_method").asText()).isEqualTo("none");
        assertThat(organization.get("billing").get("invoiced").asBoolean()).isFalse();
    }

    @Test
    void issuedKeyIsShownOnceWorksAndOnlyItsDigestIsStored() throws Exception {
        String organizationId = operator("org", "create", "--name", "Keys Inc").get("id").asText();

        JsonNode issued = operator("key", "issue", "--org", organizationId, "--mode", "live", "--scope", "full");
        String secret = issued.get("key").asText();

        assertThat(secret).matches("sk_live_[0-9A-Za-z]{32}");
        assertThat(Api.get("/properties").key(secret).send().status()).isEqualTo(200);
        JsonNode listed = operator("key", "list", "--org", organizationId);
        assertThat(listed.toString()).doesNotContain(secret);
        assertThat(listed.get(0).get("key_hint").asText()).endsWith(secret.substring(secret.length() - 4));
        assertThat(storedDigest(issued.get("id").asText())).isEqualTo(sha256(secret));
    }

    @Test
    void readOnlyTestKeyIsIssuedWithItsModeAndScope() throws Exception {
        String organizationId = operator("org", "create", "--name", "Readers").get("id").asText();

        JsonNode issued = operator("key", "issue", "--org", organizationId, "--mode", "test", "--scope", "read_only");

        assertThat(issued.get("key").asText()).startsWith("sk_test_");
        assertThat(issued.get("scope").asText()).isEqualTo("read_only");
        Api.post("/properties").key(issued.get("key").asText())
                .json("{\"property\": {\"street\": \"1 Main Street\", \"city\": \"Austin\", \"state\": \"TX\", \"zipcode\": \"78701\"}}")
                .send().assertError(403, "forbidden");
    }

    @Test
    void revokedKeyAnswers401() throws Exception {
        String organizationId = operator("org", "create", "--name", "Revokers").get("id").asText();
        JsonNode issued = operator("key", "issue", "--org", organizationId, "--mode", "test");

        JsonNode revoked = operator("key", "revoke", "--key", issued.get("id").asText());

        assertThat(revoked.get("revoked_at").isNull()).isFalse();
        Api.get("/properties").key(issued.get("key").asText()).send().assertError(401, "authorization_error");
    }

    @Test
    void billingStateIsSetAndListed() throws Exception {
        String organizationId = operator("org", "create", "--name", "Payers").get("id").asText();

        JsonNode updated = operator("billing", "set", "--org", organizationId, "--payment-method", "declined",
                "--invoiced", "true");

        assertThat(updated.get("billing").get("payment_method").asText()).isEqualTo("declined");
        assertThat(updated.get("billing").get("invoiced").asBoolean()).isTrue();
        JsonNode listed = operator("org", "list");
        JsonNode mine = null;
        for (JsonNode organization : listed) {
            if (organization.get("id").asText().equals(organizationId)) {
                mine = organization;
            }
        }
        assertThat(mine).isNotNull();
        assertThat(mine.get("billing").get("payment_method").asText()).isEqualTo("declined");
    }

    @Test
    void deactivatingARequesterStopsItsUseOnNewOrders() throws Exception {
        TestTenant tenant = TestTenant.create();
        ObjectNode body = OrderRequests.body();
        OrderRequests.order(body).putObject("original_requester").put("external_id", "landlord-9").put("type", "business")
                .put("name", "Sunrise Property Group LLC");
        String requester = OrderRequests.place(tenant.testKey(), body).json().get("original_requester_id").asText();

        JsonNode deactivated = operator("requester", "deactivate", "--id", requester);

        assertThat(deactivated.get("id").asText()).isEqualTo(requester);
        assertThat(deactivated.get("external_id").asText()).isEqualTo("landlord-9");
        assertThat(deactivated.get("deactivated_at").asText()).isNotBlank();
        ObjectNode byId = OrderRequests.body();
        OrderRequests.order(byId).put("original_requester_id", requester);
        OrderRequests.place(tenant.testKey(), byId).assertError(404, "not_found_error");
    }

    @Test
    void deactivatingAnUnknownRequesterFails() {
        JarProcess.Result result = JarProcess.run(JarProcess.testDatabaseEnvironment(),
                "operator", "requester", "deactivate", "--id", "req_000000000000000000000000");

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stdout()).isBlank();
        assertThat(result.stderr()).contains("no original requester with id req_000000000000000000000000");
    }

    @Test
    void invalidArgumentsFailWithAMessageAndNoOutput() {
        JarProcess.Result result = JarProcess.run(JarProcess.testDatabaseEnvironment(),
                "operator", "key", "issue", "--org", "org_doesnotexist", "--mode", "staging");

        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stdout()).isBlank();
        assertThat(result.stderr()).contains("--mode must be one of [test, live]");
    }

    private static JsonNode operator(String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "operator";
        System.arraycopy(args, 0, command, 1, args.length);
        JarProcess.Result result = JarProcess.run(JarProcess.testDatabaseEnvironment(), command);
        assertThat(result.exitCode()).as("exit code; stderr: %s", result.stderr()).isZero();
        return JSON.readTree(result.stdout());
    }

    private static byte[] storedDigest(String keyId) throws Exception {
        try (Connection connection = TestDatabase.connect(TestDatabase.url());
             PreparedStatement statement = connection.prepareStatement("SELECT digest FROM api_keys WHERE id = ?")) {
            statement.setString(1, keyId);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).isTrue();
                return rows.getBytes(1);
            }
        }
    }

    private static byte[] sha256(String text) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII));
    }
}
