-- People being screened. The SSN is kept only as AES-256-GCM ciphertext with the id of
-- the key that sealed it (so keys can rotate), plus its last four digits for display.
CREATE TABLE applicants (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    first_name      text        NOT NULL,
    last_name       text        NOT NULL,
    email           text        NOT NULL,
    dob             date,
    phone_number    text,
    ssn_ciphertext  bytea,
    ssn_key_id      text,
    ssn_last4       text,
    created_at      timestamptz NOT NULL,
    CONSTRAINT applicants_ssn_complete CHECK (
        (ssn_ciphertext IS NULL AND ssn_key_id IS NULL AND ssn_last4 IS NULL)
        OR (ssn_ciphertext IS NOT NULL AND ssn_key_id IS NOT NULL AND ssn_last4 ~ '^[0-9]{4}$'))
);
