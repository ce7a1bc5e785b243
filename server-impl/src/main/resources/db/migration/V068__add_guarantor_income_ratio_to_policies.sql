-- Households (rental applications): the lowest ratio of a guarantor's verified monthly income
-- to the rent for the guarantor to cover a household whose pooled income is below
-- min_income_to_rent_ratio. Null when the policy has none; only with min_income_to_rent_ratio.
ALTER TABLE screening_policies
    ADD COLUMN min_guarantor_income_to_rent_ratio numeric(4,2)
        CHECK (min_guarantor_income_to_rent_ratio BETWEEN 0.5 AND 10),
    ADD CONSTRAINT screening_policies_guarantor_ratio_with_income_ratio
        CHECK (min_guarantor_income_to_rent_ratio IS NULL OR min_income_to_rent_ratio IS NOT NULL);
