package io.tenantscreening.conformance.support;

/** Screening policies for tests: created with POST /screening_policies, contract-checked like every call. */
public final class Policies {

    /** The criteria of the Recommendations table of openapi.yaml#test-mode (tag Test helpers): every criterion set. */
    public static final String EVERY_CRITERION = """
            {"min_credit_score": 620, "max_evictions": 0, "criminal_lookback_years": 7, "min_income_to_rent_ratio": 3,
             "require_identity_verified": true}""";

    private Policies() {
    }

    /** Creates a policy with these criteria (a JSON object), the default at once when asked; answers its id. */
    public static String create(String key, String name, String criteria, boolean makeDefault) {
        ApiResponse created = Api.post("/screening_policies").key(key).json("{\"screening_policy\": {\"name\": \"" + name
                + "\", \"default\": " + makeDefault + ", \"criteria\": " + criteria + "}}").send();
        if (created.status() != 201) {
            throw new AssertionError("expected 201, got " + created.status() + ": " + created.body());
        }
        return created.json().get("id").asText();
    }

    /** Creates a policy that is not the default. */
    public static String create(String key, String criteria) {
        return create(key, "Standard apartments", criteria, false);
    }
}
