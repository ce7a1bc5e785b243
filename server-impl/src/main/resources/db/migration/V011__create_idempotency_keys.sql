-- Live-mode Idempotency-Keys, kept for ever. The row is inserted first in the order's
-- transaction and completed with the answer before commit, so a committed row always has
-- response_status and response_body; a concurrent request with the same key waits on the
-- primary key and then finds the stored answer. request_digest is an HMAC of the
-- normalised request (keyed, so the SSN inside it cannot be guessed back from the digest).
CREATE TABLE idempotency_keys (
    organization_id   text        NOT NULL REFERENCES organizations (id),
    idempotency_key   text        NOT NULL,
    request_digest    bytea       NOT NULL,
    digest_key_id     text        NOT NULL,
    response_status   integer     CHECK (response_status IN (201, 402)),
    response_body     text,
    order_id          text        REFERENCES orders (id),
    created_at        timestamptz NOT NULL,
    PRIMARY KEY (organization_id, idempotency_key)
);
