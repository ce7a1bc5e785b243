-- The token bucket of each API key's rate limit, shared by every instance (Bucket4j's
-- PostgreSQL store, locked with SELECT ... FOR UPDATE): id is the key's id and its limit,
-- state Bucket4j's serialised bucket, expires_at (epoch milliseconds) when the bucket is
-- full again and may be forgotten; a sweep deletes such rows.
CREATE TABLE rate_limit_buckets (
    id         text   PRIMARY KEY,
    state      bytea,
    expires_at bigint
);
