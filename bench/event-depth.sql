-- A data set for event depth: :size test-mode events of the organisation :'org', spread evenly
-- over the last 30 days (an order.pending, an order.completed and a report.completed per order,
-- each carrying an order of about 700 bytes), each delivered once, successfully, to the webhook
-- endpoint :'endpoint' (made here) with one attempt, and the objects' sequence counters. Ids
-- carry :prefix so that two sets can share a database. Loaded in batches of a million rows,
-- each its own transaction (psql's \gexec runs each generated statement on its own). Run with
-- psql -v org=... -v size=... -v prefix=... -v endpoint=...
INSERT INTO webhook_endpoints (id, organization_id, mode, url, enabled_events, secret_ciphertext, secret_key_id, created_at, api_version)
VALUES (:'endpoint', :'org', 'test', 'https://receiver.example.com/hooks', '{}', '\x00', 'bench', now() - interval '31 days',
        '2026-11-25');

SELECT format($batch$
    INSERT INTO events (id, organization_id, mode, type, object_id, sequence, previous_status, data, created_at)
    SELECT 'evt_test_' || lpad(%1$s || g::text, 24, '0'), %2$L, 'test',
           (ARRAY['order.pending', 'order.completed', 'report.completed'])[(g - 1) %% 3 + 1],
           CASE WHEN g %% 3 = 0 THEN 'rpt_test_' ELSE 'ord_test_' END || lpad(%1$s || ((g + 2) / 3)::text, 24, '0'),
           CASE WHEN g %% 3 = 2 THEN 2 ELSE 1 END,
           CASE g %% 3 WHEN 1 THEN 'waiting_for_applicant' WHEN 2 THEN 'pending' END,
           json_build_object('object', json_build_object(
               'id', 'ord_test_' || lpad(%1$s || ((g + 2) / 3)::text, 24, '0'), 'object', 'order', 'live_mode', false,
               'status', CASE WHEN g %% 3 = 1 THEN 'pending' ELSE 'completed' END, 'package', 'essential',
               'add_on_products', json_build_array('identity_verification'), 'payer', 'organization', 'payment', NULL,
               'property_id', 'pr_test_' || lpad(%1$s || ((g + 29) / 30)::text, 24, '0'),
               'applicant_id', 'ap_test_' || lpad(%1$s || ((g + 2) / 3)::text, 24, '0'),
               'original_requester_id', NULL, 'application_url', NULL, 'screening_policy_id', NULL, 'monthly_rent', NULL,
               'created_at', now() - interval '30 days', 'completed_at', NULL, 'canceled_at', NULL,
               'note', 'Depth Street, Portland, OR 97201: a bench record padded to the size of a real order answer')),
           now() - interval '30 days' + g * (interval '30 days' / %3$s)
    FROM generate_series(%4$s, %5$s) g
$batch$, :prefix, :'org', :size, b * 1000000 + 1, least((b + 1) * 1000000, :size))
FROM generate_series(0, (:size - 1) / 1000000) b \gexec

SELECT format($batch$
    INSERT INTO webhook_deliveries (id, organization_id, mode, endpoint_id, event_id, event_type, status, attempts, response_status,
                                    last_attempt_at, next_attempt_at, created_at)
    SELECT 'whd_test_' || lpad(%1$s || g::text, 24, '0'), %2$L, 'test', %3$L, 'evt_test_' || lpad(%1$s || g::text, 24, '0'),
           (ARRAY['order.pending', 'order.completed', 'report.completed'])[(g - 1) %% 3 + 1], 'succeeded', 1, 200,
           now() - interval '30 days' + g * (interval '30 days' / %4$s) + interval '40 milliseconds', NULL,
           now() - interval '30 days' + g * (interval '30 days' / %4$s)
    FROM generate_series(%5$s, %6$s) g
$batch$, :prefix, :'org', :'endpoint', :size, b * 1000000 + 1, least((b + 1) * 1000000, :size))
FROM generate_series(0, (:size - 1) / 1000000) b \gexec

SELECT format($batch$
    INSERT INTO webhook_attempts (delivery_id, number, attempted_at, duration_ms, response_status, error, response_body)
    SELECT 'whd_test_' || lpad(%1$s || g::text, 24, '0'), 1,
           now() - interval '30 days' + g * (interval '30 days' / %2$s) + interval '40 milliseconds', 38, 200, NULL, 'ok'
    FROM generate_series(%3$s, %4$s) g
$batch$, :prefix, :size, b * 1000000 + 1, least((b + 1) * 1000000, :size))
FROM generate_series(0, (:size - 1) / 1000000) b \gexec

INSERT INTO event_sequences (organization_id, mode, object_id, last_sequence)
SELECT :'org', 'test', 'ord_test_' || lpad(:prefix || o::text, 24, '0'), 2 FROM generate_series(1, (:size + 2) / 3) o
UNION ALL
SELECT :'org', 'test', 'rpt_test_' || lpad(:prefix || o::text, 24, '0'), 1 FROM generate_series(1, :size / 3) o;
