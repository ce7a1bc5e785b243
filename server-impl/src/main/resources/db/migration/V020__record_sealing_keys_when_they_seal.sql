-- A master key is now recorded when it first seals data, not whenever the service starts
-- with it active; the column says so.
ALTER TABLE sealing_keys RENAME COLUMN first_active_at TO first_sealed_at;
