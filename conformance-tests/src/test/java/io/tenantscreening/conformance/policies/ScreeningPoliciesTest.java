package io.tenantscreening.conformance.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.Mode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.ApiResponse;
import io.tenantscreening.conformance.support.Concurrently;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.Policies;
import io.tenantscreening.conformance.support.Screenings;
import io.tenantscreening.conformance.support.TestDatabase;
import io.tenantscreening.conformance.support.TestTenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static io.tenantscreening.conformance.support.JsonAssertions.assertDetailMentions;
import static io.tenantscreening.conformance.support.JsonAssertions.assertPointers;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The /screening_policies operations (docs/integrators.md#screening-policies-and-recommendations):
 * POST /screening_policies, rules 1 to 5 (criteria, a response shows every criterion, the
 * eviction lookback, `default`, at most one default per organisation and mode, a guarantor's
 * income ratio only with the income ratio), GET (one and
 * the list), POST /screening_policies/{id}/make_default, rules 1 to 3, and
 * POST /screening_policies/{id}/archive, rules 1 to 3 (both idempotent); ids pol_ and
 * pol_test_ (openapi.yaml#ids-and-timestamps), lists (openapi.yaml#lists-and-pagination), and
 * tenancy (another organisation's or mode's policy is 404, openapi.yaml#authentication).
 */
@ExtendWith(FreshTenants.class)
class ScreeningPoliciesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Fresh
    private TestTenant tenant;
    @Fresh
    private String key;

    /** POST /screening_policies, rule 1: 201 with Location; the policy as created is what GET answers. */
    @Test
    void aPolicyIsCreatedWithEveryCriterionAndReadBack() throws IOException {
        ApiResponse created = create("{\"name\": \"  Standard apartments \", \"criteria\": {\"min_credit_score\": 620, "
                + "\"max_evictions\": 1, \"eviction_lookback_years\": 5, \"criminal_lookback_years\": 7, "
                + "\"min_income_to_rent_ratio\": 2.75, \"min_guarantor_income_to_rent_ratio\": 4.5, "
                + "\"require_identity_verified\": true}}");

        assertThat(created.status()).isEqualTo(201);
        JsonNode policy = created.json();
        String id = policy.get("id").asText();
        assertThat(id).matches("pol_test_[0-9A-Za-z]{24}");
        assertThat(created.header("Location")).endsWith("/screening_policies/" + id);
        assertThat(policy.get("object").asText()).isEqualTo("screening_policy");
        assertThat(policy.get("live_mode").asBoolean()).isFalse();
        assertThat(policy.get("name").asText()).as("trimmed").isEqualTo("Standard apartments");
        assertThat(policy.get("default").asBoolean()).isFalse();
        assertThat(policy.get("archived_at").isNull()).isTrue();
        assertThat(policy.get("criteria")).isEqualTo(JSON.readTree("{\"min_credit_score\": 620, \"max_evictions\": 1, "
                + "\"eviction_lookback_years\": 5, \"criminal_lookback_years\": 7, \"min_income_to_rent_ratio\": 2.75, "
                + "\"min_guarantor_income_to_rent_ratio\": 4.5, \"require_identity_verified\": true}"));
        assertThat(get(key, id).json()).isEqualTo(policy);
    }

    /** POST /screening_policies, rule 1: in a response every criterion is present, null (or false) when the policy does not use it. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "{\"name\": \"Any\"}",
            "{\"name\": \"Any\", \"criteria\": {}}",
            "{\"name\": \"Any\", \"criteria\": {\"min_credit_score\": null, \"max_evictions\": null, \"eviction_lookback_years\": null, "
                    + "\"criminal_lookback_years\": null, \"min_income_to_rent_ratio\": null, "
                    + "\"min_guarantor_income_to_rent_ratio\": null, \"require_identity_verified\": null}}"})
    void criteriaLeftOutAreShownAsNullAndIdentityAsFalse(String body) throws IOException {
        JsonNode criteria = create(body).json().get("criteria");

        assertThat(criteria).isEqualTo(JSON.readTree("{\"min_credit_score\": null, \"max_evictions\": null, "
                + "\"eviction_lookback_years\": null, \"criminal_lookback_years\": null, \"min_income_to_rent_ratio\": null, "
                + "\"min_guarantor_income_to_rent_ratio\": null, \"require_identity_verified\": false}"));
    }

    /** POST /screening_policies, rule 2: eviction_lookback_years is 7 when max_evictions is set without it. */
    @Test
    void aMaximumOfEvictionsWithoutLookbackCountsSevenYears() {
        JsonNode criteria = create("{\"name\": \"Any\", \"criteria\": {\"max_evictions\": 0}}").json().get("criteria");

        assertThat(criteria.get("max_evictions").asInt()).isZero();
        assertThat(criteria.get("eviction_lookback_years").asInt()).isEqualTo(7);
    }

    /** POST /screening_policies, rule 2: eviction_lookback_years without max_evictions is 422, pointing at it. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{\"eviction_lookback_years\": 3}", "{\"eviction_lookback_years\": 3, \"max_evictions\": null}"})
    void anEvictionLookbackWithoutMaximumIsRefused(String criteria) {
        JsonNode errors = create("{\"name\": \"Any\", \"criteria\": " + criteria + "}").assertValidationErrors();

        assertPointers(errors, "/screening_policy/criteria/eviction_lookback_years");
        assertDetailMentions(errors.get(0), "max_evictions");
        assertThat(list(key).get("count").asLong()).isZero();
    }

    /** POST /screening_policies, rule 5: a guarantor's income ratio without the income ratio is 422, pointing at it. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{\"min_guarantor_income_to_rent_ratio\": 4}",
            "{\"min_guarantor_income_to_rent_ratio\": 4, \"min_income_to_rent_ratio\": null}",
            "{\"min_guarantor_income_to_rent_ratio\": 4, \"min_credit_score\": 620}"})
    void aGuarantorRatioWithoutTheIncomeRatioIsRefused(String criteria) {
        JsonNode errors = create("{\"name\": \"Any\", \"criteria\": " + criteria + "}").assertValidationErrors();

        assertPointers(errors, "/screening_policy/criteria/min_guarantor_income_to_rent_ratio");
        assertDetailMentions(errors.get(0), "min_income_to_rent_ratio");
        assertThat(list(key).get("count").asLong()).isZero();
    }

    /** POST /screening_policies, rule 5: with the income ratio, the guarantor's ratio is kept, also below it. */
    @Test
    void aGuarantorRatioWithTheIncomeRatioIsKept() {
        JsonNode criteria = create("{\"name\": \"Households\", \"criteria\": {\"min_income_to_rent_ratio\": 3, "
                + "\"min_guarantor_income_to_rent_ratio\": 2.5}}").json().get("criteria");

        assertThat(criteria.get("min_income_to_rent_ratio").asDouble()).isEqualTo(3.0);
        assertThat(criteria.get("min_guarantor_income_to_rent_ratio").asDouble()).isEqualTo(2.5);
    }

    /** The bounds of each criterion in the schema of ScreeningCriteria, checked as every request is (openapi.yaml#errors). */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
            "min_credit_score, 299", "min_credit_score, 851",
            "max_evictions, -1", "max_evictions, 21",
            "eviction_lookback_years, 0", "eviction_lookback_years, 8",
            "criminal_lookback_years, -1", "criminal_lookback_years, 26",
            "min_income_to_rent_ratio, 0.49", "min_income_to_rent_ratio, 10.01", "min_income_to_rent_ratio, 2.555",
            "min_guarantor_income_to_rent_ratio, 0.49", "min_guarantor_income_to_rent_ratio, 10.01",
            "min_guarantor_income_to_rent_ratio, 4.005",
            "require_identity_verified, 1", "min_credit_score, '\"700\"'"})
    void aCriterionOutsideItsBoundsIsRefused(String member, String value) {
        String extra = switch (member) {
            case "eviction_lookback_years" -> ", \"max_evictions\": 0";
            case "min_guarantor_income_to_rent_ratio" -> ", \"min_income_to_rent_ratio\": 3";
            default -> "";
        };
        ApiResponse response = Api.post("/screening_policies").key(key).json("{\"screening_policy\": {\"name\": \"Any\", "
                + "\"criteria\": {\"" + member + "\": " + value + extra + "}}}").sendInvalid();

        assertPointers(response.assertValidationErrors(), "/screening_policy/criteria/" + member);
        assertThat(list(key).get("count").asLong()).isZero();
    }

    /** openapi.yaml#errors: the bounds of the criteria themselves are accepted. */
    @Test
    void theBoundsThemselvesAreAccepted() {
        assertThat(create("{\"name\": \"Low\", \"criteria\": {\"min_credit_score\": 300, \"max_evictions\": 0, "
                + "\"eviction_lookback_years\": 1, \"criminal_lookback_years\": 0, \"min_income_to_rent_ratio\": 0.5, "
                + "\"min_guarantor_income_to_rent_ratio\": 0.5}}").status())
                .isEqualTo(201);
        assertThat(create("{\"name\": \"High\", \"criteria\": {\"min_credit_score\": 850, \"max_evictions\": 20, "
                + "\"eviction_lookback_years\": 7, \"criminal_lookback_years\": 25, \"min_income_to_rent_ratio\": 10, "
                + "\"min_guarantor_income_to_rent_ratio\": 10}}").status())
                .isEqualTo(201);
    }

    /** openapi.yaml#errors: a policy needs a name, on one line and not blank. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{}", "{\"name\": \"\"}", "{\"name\": \"   \"}", "{\"name\": \"Two\\nlines\"}"})
    void aPolicyNeedsANameOfOneLineThatIsNotBlank(String policy) {
        ApiResponse response = Api.post("/screening_policies").key(key).json("{\"screening_policy\": " + policy + "}").sendInvalid();

        response.assertValidationErrors();
        assertThat(list(key).get("count").asLong()).isZero();
    }

    /** openapi.yaml#errors: a name of invisible characters only is blank. */
    @Test
    void aNameOfInvisibleCharactersIsRefused() {
        JsonNode errors = create("{\"name\": \"\\u200b\\u2800\"}").assertValidationErrors();

        assertPointers(errors, "/screening_policy/name");
        assertThat(list(key).get("count").asLong()).isZero();
    }

    /** POST /screening_policies, rule 4: with default, the new policy replaces the previous default in one step. */
    @Test
    void creatingADefaultReplacesThePreviousDefault() {
        String first = Policies.create(key, "First", "{}", true);
        assertThat(get(key, first).json().get("default").asBoolean()).isTrue();

        ApiResponse second = create("{\"name\": \"Second\", \"default\": true}");

        assertThat(second.json().get("default").asBoolean()).isTrue();
        assertThat(get(key, first).json().get("default").asBoolean()).isFalse();
        assertThat(defaults(key)).containsExactly(second.json().get("id").asText());
        assertThat(create("{\"name\": \"Third\", \"default\": false}").json().get("default").asBoolean()).isFalse();
        assertThat(defaults(key)).containsExactly(second.json().get("id").asText());
    }

    /** POST /screening_policies/{id}/make_default, rules 1 and 2: the previous default stops being it; again changes nothing. */
    @Test
    void makeDefaultSwitchesTheDefaultAndIsIdempotent() {
        String first = Policies.create(key, "First", "{}", true);
        String second = Policies.create(key, "{}");

        ApiResponse made = Api.post("/screening_policies/" + second + "/make_default").key(key).send();

        assertThat(made.status()).isEqualTo(200);
        assertThat(made.json().get("default").asBoolean()).isTrue();
        assertThat(get(key, first).json().get("default").asBoolean()).isFalse();
        ApiResponse again = Api.post("/screening_policies/" + second + "/make_default").key(key).send();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).isEqualTo(made.json());
        assertThat(defaults(key)).containsExactly(second);
    }

    /**
     * POST /screening_policies/{id}/archive, rules 1 and 3: archived_at set, no longer the
     * default, no default left; again changes nothing.
     */
    @Test
    void archivingTheDefaultLeavesNoDefaultAndIsIdempotent() {
        String policy = Policies.create(key, "Old", "{}", true);

        ApiResponse archived = Api.post("/screening_policies/" + policy + "/archive").key(key).send();

        assertThat(archived.status()).isEqualTo(200);
        assertThat(archived.json().get("archived_at").isNull()).isFalse();
        assertThat(archived.json().get("default").asBoolean()).isFalse();
        assertThat(defaults(key)).isEmpty();
        ApiResponse again = Api.post("/screening_policies/" + policy + "/archive").key(key).send();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).isEqualTo(archived.json());
        assertThat(get(key, policy).json()).isEqualTo(archived.json());
    }

    /** POST /screening_policies/{id}/make_default, rule 3: an archived policy is 422 with source.parameter id. */
    @Test
    void anArchivedPolicyCannotBecomeTheDefault() {
        String current = Policies.create(key, "Current", "{}", true);
        String policy = Policies.create(key, "{}");
        Api.post("/screening_policies/" + policy + "/archive").key(key).send();

        JsonNode errors = Api.post("/screening_policies/" + policy + "/make_default").key(key).send().assertValidationErrors();

        assertThat(errors.get(0).get("source").get("parameter").asText()).isEqualTo("id");
        assertThat(defaults(key)).containsExactly(current);
    }

    /** openapi.yaml#authentication: another organisation's policy, or one of the other mode, is answered like a missing one. */
    @Test
    void aPolicyOfAnotherOrganisationOrModeIs404() {
        String id = Policies.create(key, "Mine", "{}", true);
        String stranger = TestTenant.create().testKey();
        String live = tenant.liveKey();

        for (String other : List.of(stranger, live)) {
            get(other, id).assertError(404, "not_found_error");
            Api.post("/screening_policies/" + id + "/make_default").key(other).send().assertError(404, "not_found_error");
            Api.post("/screening_policies/" + id + "/archive").key(other).send().assertError(404, "not_found_error");
            assertThat(list(other).get("data")).noneMatch(item -> item.get("id").asText().equals(id));
        }
        get(key, "pol_test_000000000000000000000000").assertError(404, "not_found_error");
        Api.post("/screening_policies/pol_test_000000000000000000000000/make_default").key(key).send()
                .assertError(404, "not_found_error");
        Api.post("/screening_policies/pol_test_000000000000000000000000/archive").key(key).send()
                .assertError(404, "not_found_error");
        assertThat(get(key, id).json().get("default").asBoolean()).isTrue();
        assertThat(get(key, id).json().get("archived_at").isNull()).isTrue();
    }

    /** openapi.yaml#authentication: a read_only key reads policies but changes none (403). */
    @Test
    void aReadOnlyKeyReadsPoliciesButChangesNone() {
        String id = Policies.create(key, "{}");
        String readOnly = tenant.key(Mode.TEST, Scope.READ_ONLY).secret();

        assertThat(get(readOnly, id).status()).isEqualTo(200);
        assertThat(list(readOnly).get("count").asLong()).isEqualTo(1);
        Api.post("/screening_policies").key(readOnly).json("{\"screening_policy\": {\"name\": \"X\"}}").send()
                .assertError(403, "forbidden");
        Api.post("/screening_policies/" + id + "/make_default").key(readOnly).send().assertError(403, "forbidden");
        Api.post("/screening_policies/" + id + "/archive").key(readOnly).send().assertError(403, "forbidden");
    }

    /**
     * GET /screening_policies, as openapi.yaml#lists-and-pagination pages every list: newest
     * first, archived ones included, paged by keyset; live and test apart.
     */
    @Test
    void theListPagesNewestFirstWithArchivedPolicies() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            created.add(Policies.create(key, "Policy " + i, "{}", false));
        }
        Api.post("/screening_policies/" + created.get(0) + "/archive").key(key).send();
        String livePolicy = Policies.create(tenant.liveKey(), "{}");

        JsonNode first = Api.get("/screening_policies?per_page=2").key(key).send().json();
        JsonNode second = Api.get(Screenings.relative(first.get("next_href").asText())).key(key).send().json();
        JsonNode byCursor = Api.get("/screening_policies?per_page=2&cursor=" + first.get("next_cursor").asText()).key(key).send()
                .json();

        assertThat(first.get("count").asLong()).isEqualTo(3);
        assertThat(first.get("data")).extracting(policy -> policy.get("id").asText())
                .containsExactly(created.get(2), created.get(1));
        assertThat(second.get("data")).extracting(policy -> policy.get("id").asText()).containsExactly(created.get(0));
        assertThat(second.get("data").get(0).get("archived_at").isNull()).isFalse();
        assertThat(second.get("next_href").isNull()).isTrue();
        assertThat(byCursor).isEqualTo(second);
        JsonNode live = list(tenant.liveKey());
        assertThat(live.get("count").asLong()).isEqualTo(1);
        assertThat(live.get("data").get(0).get("id").asText()).isEqualTo(livePolicy).startsWith("pol_");
        assertThat(live.get("data").get(0).get("live_mode").asBoolean()).isTrue();
        Api.get("/screening_policies?cursor=" + first.get("next_cursor").asText()).key(tenant.liveKey()).send()
                .assertValidationErrors();
    }

    /**
     * POST /screening_policies, rule 4, and POST /screening_policies/{id}/make_default, rule 1:
     * at most one default per organisation and mode, also when requests race to change it
     * (with and without a default before), and every racing request succeeds.
     */
    @ParameterizedTest(name = "a default before: {0}")
    @ValueSource(booleans = {false, true})
    void racingDefaultChangesLeaveExactlyOneDefault(boolean defaultBefore) throws Exception {
        if (defaultBefore) {
            Policies.create(key, "Before", "{}", true);
        }
        List<String> policies = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            policies.add(Policies.create(key, "{}"));
        }

        List<ApiResponse> answers = Concurrently.send(12, client -> client < 6
                ? Api.post("/screening_policies/" + policies.get(client) + "/make_default").key(key).send()
                : Api.post("/screening_policies").key(key).json("{\"screening_policy\": {\"name\": \"Raced " + client
                + "\", \"default\": true}}").send());

        assertThat(answers).extracting(ApiResponse::status).allMatch(status -> status == 200 || status == 201);
        assertThat(defaults(key)).hasSize(1);
        assertThat(TestDatabase.number("SELECT count(*) FROM screening_policies WHERE organization_id = ? AND is_default",
                tenant.id())).isEqualTo(1);
    }

    private ApiResponse create(String policy) {
        return Api.post("/screening_policies").key(key).json("{\"screening_policy\": " + policy + "}").send();
    }

    private static ApiResponse get(String key, String id) {
        return Api.get("/screening_policies/" + id).key(key).send();
    }

    private static JsonNode list(String key) {
        return Api.get("/screening_policies?per_page=100").key(key).send().json();
    }

    /** The ids of the key's default policies, as the list shows them. */
    private static List<String> defaults(String key) {
        List<String> defaults = new ArrayList<>();
        list(key).get("data").forEach(policy -> {
            if (policy.get("default").asBoolean()) {
                defaults.add(policy.get("id").asText());
            }
        });
        return defaults;
    }
}
