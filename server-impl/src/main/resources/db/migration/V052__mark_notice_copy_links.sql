-- Links to the applicant's copy that the service's notices carry (a dispute's results, the
-- procedure's description, a reinsertion) are made by the service, not asked for: the limits
-- of new links asked for from an expired link's page count only the others.
ALTER TABLE report_copy_links ADD COLUMN for_notice boolean NOT NULL DEFAULT false;
