-- Secrets the service signs its own tokens with (list cursors), shared by all instances.
CREATE TABLE signing_secrets (
    name       text        PRIMARY KEY,
    secret     bytea       NOT NULL CHECK (length(secret) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);
