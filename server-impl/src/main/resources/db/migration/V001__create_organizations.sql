-- Organisations: the tenants of the service. Created by operators, never by the public API.
CREATE TABLE organizations (
    id         text        PRIMARY KEY,
    name       text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    created_at timestamptz NOT NULL DEFAULT now()
);
