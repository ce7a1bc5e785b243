-- Events past EVENT_RETENTION are removed, with their webhook deliveries and attempts, by a
-- recurring sweep (webhooks.EventRetention), oldest first, in batches of a thousand.

-- The sweep finds the oldest events of every tenant in this order, and resumes after the
-- last one it looked at.
CREATE INDEX events_age_idx ON events (created_at, id);

-- The deliveries of an event, looked up by the sweep and by the foreign key's check when an
-- event is deleted: the unique key of an event's deliveries now leads with the event, so
-- one index serves both (an endpoint's deliveries are found by webhook_deliveries_listing_idx
-- and webhook_deliveries_due_idx).
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_once,
    ADD CONSTRAINT webhook_deliveries_once UNIQUE (event_id, endpoint_id);

-- Counts go down when events are removed, in all ('events') and for each type
-- ('events:<type>'), on the deleting session's shard (which may go below zero while the
-- list's count, the sum of its shards, stays right). event_sequences keeps its rows: an
-- object's next event goes on counting from its last number.
CREATE FUNCTION count_deleted_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO collection_counts (organization_id, mode, collection, shard, count)
    SELECT organization_id, mode, collection, (pg_backend_pid() % 64)::smallint, -count(*)
    FROM (SELECT organization_id, mode, 'events' AS collection FROM deleted_rows
          UNION ALL
          SELECT organization_id, mode, 'events:' || type FROM deleted_rows) AS counted
    GROUP BY organization_id, mode, collection
    ON CONFLICT (organization_id, mode, collection, shard)
        DO UPDATE SET count = collection_counts.count + excluded.count;
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_count_delete AFTER DELETE ON events
    REFERENCING OLD TABLE AS deleted_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_events();
