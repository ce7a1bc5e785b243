package io.tenantscreening.conformance.auth;

import io.tenantscreening.auth.ApiKeyService;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.JsonAssertions;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#authentication (docs/integrators.md#keys-and-modes): a bearer key on every
 * request; a missing, malformed, unknown or revoked key is 401 authorization_error; a
 * read_only key may only make GET requests, anything else with it is 403 forbidden, while a
 * full key may write. docs/integrators.md#keys-and-modes: every 401 carries the challenge
 * WWW-Authenticate: Bearer realm="tenant-screening", with error="invalid_token" when a bearer
 * key was sent.
 */
class AuthenticationTest {

    private static final String CHALLENGE = "Bearer realm=\"tenant-screening\"";
    private static final String INVALID_TOKEN = CHALLENGE + ", error=\"invalid_token\"";
    private static final String VALID_PROPERTY = """
            {"property": {"street": "1 Main Street", "city": "Austin", "state": "TX", "zipcode": "78701"}}""";

    @Test
    void requestWithoutAKeyIsRejected() {
        ApiResponse response = Api.get("/properties").send();

        JsonAssertions.assertDetailMentions(response.assertError(401, "authorization_error"), "Authorization: Bearer");
        assertThat(response.header("WWW-Authenticate")).isEqualTo(CHALLENGE);
    }

    @Test
    void keyOutsideTheBearerSchemeIsRejected() {
        String key = TestTenant.create().testKey();

        ApiResponse response = Api.get("/properties").header("Authorization", "Basic " + key).send();

        response.assertError(401, "authorization_error");
        assertThat(response.header("WWW-Authenticate")).isEqualTo(CHALLENGE);
    }

    @Test
    void malformedKeyIsRejected() {
        ApiResponse response = Api.get("/properties").key("sk_test_tooShort").send();

        response.assertError(401, "authorization_error");
        assertThat(response.header("WWW-Authenticate")).isEqualTo(INVALID_TOKEN);
    }

    @Test
    void wellFormedButUnknownKeyIsRejected() {
        ApiResponse response = Api.get("/properties").key("sk_live_" + "A".repeat(32)).send();

        response.assertError(401, "authorization_error");
        assertThat(response.header("WWW-Authenticate")).isEqualTo(INVALID_TOKEN);
    }

    @Test
    void revokedKeyIsRejected() {
        TestTenant.IssuedKey key = TestTenant.create().key(Mode.TEST, Scope.FULL);
        assertThat(Api.get("/properties").key(key.secret()).send().status()).isEqualTo(200);

        TestServer.bean(ApiKeyService.class).revoke(key.id());

        ApiResponse response = Api.get("/properties").key(key.secret()).send();

        response.assertError(401, "authorization_error");
        assertThat(response.header("WWW-Authenticate")).isEqualTo(INVALID_TOKEN);
    }

    @Test
    void validKeyPassesAuthentication() {
        String key = TestTenant.create().liveKey();

        ApiResponse response = Api.get("/properties").key(key).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("WWW-Authenticate")).isNull();
    }

    @Test
    void readOnlyKeyMayNotWrite() {
        String key = TestTenant.create().key(Mode.TEST, Scope.READ_ONLY).secret();

        ApiResponse response = Api.post("/properties").key(key).json(VALID_PROPERTY).send();

        JsonAssertions.assertDetailMentions(response.assertError(403, "forbidden"), "read_only");
    }

    @Test
    void readOnlyKeyMayRead() {
        TestTenant tenant = TestTenant.create();
        String id = Api.post("/properties").key(tenant.liveKey()).json(VALID_PROPERTY).send().json().get("id").asText();
        String key = tenant.key(Mode.LIVE, Scope.READ_ONLY).secret();

        assertThat(Api.get("/properties").key(key).send().status()).isEqualTo(200);
        assertThat(Api.get("/properties/" + id).key(key).send().status()).isEqualTo(200);
    }

    @Test
    void fullKeyMayWrite() {
        String key = TestTenant.create().testKey();

        ApiResponse response = Api.post("/properties").key(key).json(VALID_PROPERTY).send();

        assertThat(response.status()).isEqualTo(201);
    }
}
