-- A data set for list depth: :size completed test orders (one applicant each, ten orders per
-- property) in the organisation :'org', created a millisecond apart. Ids carry :prefix so that
-- two sets can share a database. Run with psql -v org=... -v size=... -v prefix=...
INSERT INTO properties (id, organization_id, mode, name, street, unit, city, state, zipcode, address_key, created_at)
SELECT 'pr_test_' || lpad(:prefix || g::text, 24, '0'), :'org', 'test', NULL, g || ' Depth Street', NULL, 'Portland', 'OR', '97201',
       g || ' depth street' || chr(31) || chr(31) || 'portland' || chr(31) || 'or' || chr(31) || '97201',
       now() - interval '2 days'
FROM generate_series(1, greatest(:size / 10, 1)) g;

INSERT INTO applicants (id, organization_id, mode, first_name, last_name, email, dob, phone_number, created_at)
SELECT 'ap_test_' || lpad(:prefix || g::text, 24, '0'), :'org', 'test', 'Jamie', 'Rivera', 'applicant' || g || '@example.com',
       date '1990-07-14', '+15125550142', now() - interval '1 day' - g * interval '1 millisecond'
FROM generate_series(1, :size) g;

INSERT INTO orders (id, organization_id, mode, status, package, add_on_products, payer, property_id, applicant_id, created_at,
                    pending_at, completed_at)
SELECT 'ord_test_' || lpad(:prefix || g::text, 24, '0'), :'org', 'test', 'completed', 'essential', '{identity_verification}', 'organization',
       'pr_test_' || lpad(:prefix || (g % greatest(:size / 10, 1) + 1)::text, 24, '0'), 'ap_test_' || lpad(:prefix || g::text, 24, '0'),
       now() - interval '1 day' - g * interval '1 millisecond', now() - interval '1 day' - g * interval '1 millisecond',
       now() - interval '1 day' - g * interval '1 millisecond' + interval '2 seconds'
FROM generate_series(1, :size) g;
