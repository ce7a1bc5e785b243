-- The screening rules an order was placed under (io.tenantscreening.jurisdictions.ScreeningRules
-- as JSON): the places whose law applies to its property and what they allow, as of one version
-- of the rule data. Null for orders placed before the rule data existed, which are screened
-- under the federal default.
ALTER TABLE orders ADD COLUMN screening_rules jsonb;
