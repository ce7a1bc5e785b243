-- Each application token now mixes in 256 fresh random bits (a nonce kept here), so a token
-- cannot be computed from the order id and the master keys alone. Orders made before this
-- migration keep an empty nonce, which computes their token exactly as before: their links
-- keep working.
ALTER TABLE orders ADD COLUMN application_token_nonce bytea;
UPDATE orders SET application_token_nonce = ''::bytea WHERE application_token_key_id IS NOT NULL;
ALTER TABLE orders DROP CONSTRAINT orders_token_complete;
ALTER TABLE orders ADD CONSTRAINT orders_token_complete CHECK (
    (application_token_digest IS NULL AND application_token_key_id IS NULL AND application_token_nonce IS NULL)
    OR (application_token_digest IS NOT NULL AND application_token_key_id IS NOT NULL
        AND octet_length(application_token_nonce) IN (0, 32)));
