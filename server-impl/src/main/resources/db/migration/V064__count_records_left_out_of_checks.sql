-- How many court records of a check the limits by age and kind left out when its findings were
-- stored, per rule: [{"place": ..., "section": ..., "records": n}]. Null when none were, and for
-- checks stored before they were counted.
ALTER TABLE screening_checks ADD COLUMN records_left_out jsonb;
