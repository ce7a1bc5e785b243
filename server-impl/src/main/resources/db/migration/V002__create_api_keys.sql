-- API keys. Only the SHA-256 digest of a key is kept; the key itself is shown once.
CREATE TABLE api_keys (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    scope           text        NOT NULL CHECK (scope IN ('full', 'read_only')),
    digest          bytea       NOT NULL UNIQUE CHECK (length(digest) = 32),
    last4           text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    revoked_at      timestamptz
);

CREATE INDEX api_keys_organization_idx ON api_keys (organization_id, created_at);
