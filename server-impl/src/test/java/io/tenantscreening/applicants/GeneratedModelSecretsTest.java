package io.tenantscreening.applicants;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.ApplicantInput;
import io.tenantscreening.api.model.Secret;
import io.tenantscreening.api.model.WebhookEndpoint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md#secrets-at-rest: the contract's secrets (format: password) are held by the
 * generated models in {@link Secret}, so printing a model shows no SSN and no signing
 * secret, while JSON still carries them as plain strings.
 */
class GeneratedModelSecretsTest {

    private final JsonMapper json = JsonMapper.createDefault();

    @Test
    void aPrintedApplicantInputHidesItsSsn() throws Exception {
        ApplicantInput input = json.readValue("{\"email\": \"a@b.example\", \"ssn\": \"123-45-6789\"}", ApplicantInput.class);

        assertThat(input.toString()).doesNotContain("123-45-6789").contains("ssn=[redacted]");
        assertThat(input.getSsn().reveal()).isEqualTo("123-45-6789");
        assertThat(json.writeValueAsString(input)).contains("\"ssn\":\"123-45-6789\"");
    }

    @Test
    void aPrintedWebhookEndpointHidesItsSecret() {
        WebhookEndpoint endpoint = new WebhookEndpoint().secret(new Secret("whsec_abcdefghijklmnop"));

        assertThat(endpoint.toString()).doesNotContain("whsec_abcdefghijklmnop");
    }
}
