-- Master keys that have sealed data (SSN ciphertexts, application tokens, idempotency
-- digests). The active key is recorded whenever the service starts, before it seals
-- anything; a start whose SCREENING_KEYS lacks a recorded key is refused, since data
-- sealed with it could no longer be read.
CREATE TABLE sealing_keys (
    id              text        PRIMARY KEY,
    first_active_at timestamptz NOT NULL
);
