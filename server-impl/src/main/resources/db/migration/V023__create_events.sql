-- Things that happened to orders and reports, as the API shows them: data is the object
-- right after the event (an Order or a Report), kept as written (json, not jsonb, keeps the
-- API's member order). sequence counts the events of one object
-- from 1 without gaps (see event_sequences). Listed newest first per
-- tenant, optionally of one type; counted per tenant in all and per type.
CREATE TABLE events (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL REFERENCES organizations (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    type            text        NOT NULL CHECK (type IN ('order.pending', 'order.completed', 'order.canceled',
                                                         'report.completed', 'report.updated')),
    object_id       text        NOT NULL,
    sequence        bigint      NOT NULL CHECK (sequence >= 1),
    previous_status text,
    data            json        NOT NULL,
    created_at      timestamptz NOT NULL,
    CONSTRAINT events_sequence_unique UNIQUE (object_id, sequence)
);

-- The last sequence number given to each object's events: the next one is taken with one
-- upsert on this key (which also serialises two writers of one object), never by searching
-- events.
CREATE TABLE event_sequences (
    organization_id text   NOT NULL REFERENCES organizations (id),
    mode            text   NOT NULL CHECK (mode IN ('test', 'live')),
    object_id       text   NOT NULL,
    last_sequence   bigint NOT NULL CHECK (last_sequence >= 1),
    PRIMARY KEY (organization_id, mode, object_id)
);

CREATE INDEX events_listing_idx ON events (organization_id, mode, created_at DESC, id DESC);
CREATE INDEX events_type_listing_idx ON events (organization_id, mode, type, created_at DESC, id DESC);

-- Counts for the list in all ('events') and for each type ('events:<type>').
CREATE FUNCTION count_inserted_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO collection_counts (organization_id, mode, collection, shard, count)
    SELECT organization_id, mode, collection, (pg_backend_pid() % 64)::smallint, count(*)
    FROM (SELECT organization_id, mode, 'events' AS collection FROM inserted_rows
          UNION ALL
          SELECT organization_id, mode, 'events:' || type FROM inserted_rows) AS counted
    GROUP BY organization_id, mode, collection
    ON CONFLICT (organization_id, mode, collection, shard)
        DO UPDATE SET count = collection_counts.count + excluded.count;
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_count AFTER INSERT ON events
    REFERENCING NEW TABLE AS inserted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_events();
