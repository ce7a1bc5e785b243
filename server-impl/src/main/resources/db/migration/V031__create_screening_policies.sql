-- A landlord's screening criteria, of one organisation and mode. A policy never changes
-- once created, except to become or stop being the default and to be archived. A criterion
-- left out is null (require_identity_verified: false); eviction_lookback_years is set
-- exactly when max_evictions is. At most one policy per organisation and mode is the
-- default (the partial unique index); an archived one never is.
CREATE TABLE screening_policies (
    id                        text         PRIMARY KEY,
    organization_id           text         NOT NULL REFERENCES organizations (id),
    mode                      text         NOT NULL CHECK (mode IN ('test', 'live')),
    name                      text         NOT NULL,
    min_credit_score          integer      CHECK (min_credit_score BETWEEN 300 AND 850),
    max_evictions             integer      CHECK (max_evictions BETWEEN 0 AND 20),
    eviction_lookback_years   integer      CHECK (eviction_lookback_years BETWEEN 1 AND 7),
    criminal_lookback_years   integer      CHECK (criminal_lookback_years BETWEEN 0 AND 25),
    min_income_to_rent_ratio  numeric(4,2) CHECK (min_income_to_rent_ratio BETWEEN 0.5 AND 10),
    require_identity_verified boolean      NOT NULL,
    is_default                boolean      NOT NULL,
    created_at                timestamptz  NOT NULL,
    archived_at               timestamptz,
    CONSTRAINT screening_policies_tenant_key UNIQUE (id, organization_id, mode),
    CONSTRAINT screening_policies_eviction_lookback_with_maximum
        CHECK ((max_evictions IS NULL) = (eviction_lookback_years IS NULL)),
    CONSTRAINT screening_policies_archived_not_default CHECK (NOT (is_default AND archived_at IS NOT NULL))
);

CREATE UNIQUE INDEX screening_policies_one_default ON screening_policies (organization_id, mode) WHERE is_default;

-- Newest-first keyset pagination within one organisation and mode.
CREATE INDEX screening_policies_listing_idx ON screening_policies (organization_id, mode, created_at DESC, id DESC);

CREATE TRIGGER screening_policies_count AFTER INSERT ON screening_policies
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows('screening_policies');

-- The policy an order is measured against (the one it named, else the default when it was
-- placed; null when none applied) and the monthly rent in cents it was placed with.
ALTER TABLE orders
    ADD COLUMN screening_policy_id text,
    ADD COLUMN monthly_rent bigint CHECK (monthly_rent BETWEEN 1 AND 100000000),
    ADD CONSTRAINT orders_screening_policy_fkey FOREIGN KEY (screening_policy_id, organization_id, mode)
        REFERENCES screening_policies (id, organization_id, mode);

-- What the report recommends under its order's policy ({decision, policy_id, policy_name,
-- reasons: [{code, check, detail}]}), fixed when the report is made; null without a policy.
ALTER TABLE reports ADD COLUMN recommendation jsonb;
