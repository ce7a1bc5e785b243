-- The consumer behind an applicant, recognised across orders (the consumer's file of FCRA
-- section 609): a keyed digest of the SSN and the date of birth, HMAC-SHA256 under a subkey
-- of the master key named by consumer_key_id, never the SSN in clear. Set once both are
-- known; applicants without an SSN or a date of birth are recognised only as themselves.
ALTER TABLE applicants
    ADD COLUMN consumer_key    bytea CHECK (octet_length(consumer_key) = 32),
    ADD COLUMN consumer_key_id text,
    ADD CONSTRAINT applicants_consumer_key_complete CHECK ((consumer_key IS NULL) = (consumer_key_id IS NULL));

CREATE INDEX applicants_consumer_key ON applicants (consumer_key) WHERE consumer_key IS NOT NULL;
