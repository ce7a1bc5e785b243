-- Size of each list (per organisation and mode), kept by triggers in the same transaction
-- as the inserts, so a list's count costs one index lookup however large the list grows.
CREATE TABLE collection_counts (
    organization_id text   NOT NULL REFERENCES organizations (id),
    mode            text   NOT NULL CHECK (mode IN ('test', 'live')),
    collection      text   NOT NULL,
    count           bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (organization_id, mode, collection)
);

-- Statement-level: one counter update per INSERT statement, however many rows it adds.
CREATE FUNCTION count_inserted_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO collection_counts (organization_id, mode, collection, count)
    SELECT organization_id, mode, TG_ARGV[0], count(*) FROM inserted_rows GROUP BY organization_id, mode
    ON CONFLICT (organization_id, mode, collection)
        DO UPDATE SET count = collection_counts.count + excluded.count;
    RETURN NULL;
END;
$$;
