-- Before the first release, application tokens briefly had no nonce, and V014 kept those
-- orders' links working with an empty one. Only development databases hold such orders;
-- their links are retired here (the orders keep their state, without a link), and every
-- token now has its 32-byte nonce.
UPDATE orders SET application_token_digest = NULL, application_token_key_id = NULL, application_token_nonce = NULL
WHERE octet_length(application_token_nonce) = 0;
ALTER TABLE orders DROP CONSTRAINT orders_token_complete;
ALTER TABLE orders ADD CONSTRAINT orders_token_complete CHECK (
    (application_token_digest IS NULL AND application_token_key_id IS NULL AND application_token_nonce IS NULL)
    OR (application_token_digest IS NOT NULL AND application_token_key_id IS NOT NULL
        AND octet_length(application_token_nonce) = 32));
