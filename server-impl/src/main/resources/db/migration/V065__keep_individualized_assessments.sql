-- The individualized assessment given with an adverse action (the factors the landlord
-- considered and their explanation), which a place's fair-chance law may require before a
-- decision based on criminal history. Both null when none was given.
ALTER TABLE adverse_actions ADD COLUMN assessment_factors text[], ADD COLUMN assessment_explanation text;
ALTER TABLE adverse_actions ADD CONSTRAINT adverse_actions_assessment_whole
    CHECK ((assessment_factors IS NULL) = (assessment_explanation IS NULL));
