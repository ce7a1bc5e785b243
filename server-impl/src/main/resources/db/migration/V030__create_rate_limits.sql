-- An organisation's own rate limits, set by the operator: requests per second for each of
-- its live and test keys; null keeps the service's default for that mode.
CREATE TABLE rate_limits (
    organization_id text        PRIMARY KEY REFERENCES organizations (id),
    live            integer     CHECK (live BETWEEN 1 AND 1000000),
    test            integer     CHECK (test BETWEEN 1 AND 1000000),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
