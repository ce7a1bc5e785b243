-- List cursors are now signed under a subkey of the master keys (SCREENING_KEYS); the
-- secret that was kept in clear in this table is no longer used.
DROP TABLE signing_secrets;
