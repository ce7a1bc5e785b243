#!/usr/bin/env bash
# Benchmark (not a test) of event depth (issue 37): GET /events, the fan-out of an event and
# the retention sweep cost the same at 10,000,000 stored events as at 10,000.
#  1. Loads, with SQL (bench/event-depth.sql), 10,000 and 10,000,000 (BENCH_EVENTS) test events
#     into two organisations of a database of its own (screening_bench_events), spread over
#     the last 30 days, each delivered once to a webhook endpoint of its organisation, with
#     its attempt; then VACUUM (ANALYZE), as autovacuum would have done by then.
#  2. Starts the jar (./mvnw -q -DskipTests install first) with EVENT_RETENTION=3650d, so that
#     nothing is removed yet, and times GET /events (the first page), GET
#     /events?type=report.completed and the next page (the first page's next_href) at both
#     depths: after 50 requests each to warm up, BENCH_REQUESTS (200) each, one at a time
#     with curl, the two depths interleaved. Prints p50 and p99 side by side.
#  3. EXPLAIN (ANALYZE, BUFFERS) at both depths of the statements behind those pages, of the
#     fan-out (an event with its sequence number and one delivery, rolled back) and of the
#     sweep's removal of 1,000 events (rolled back), and of the sweep's read of the 1,000
#     oldest events of every organisation. Each is run three times (the statements that write
#     roll back) and its least execution time printed, the two depths side by side; the last
#     run's plans go to a file.
#  4. Restarts the service with EVENT_RETENTION=29d and WORK_SWEEP_INTERVAL=1s: the sweep
#     removes the oldest day (a thirtieth of each organisation's events, with their deliveries
#     and attempts) while the large organisation's first page is timed again, one request at
#     a time. Prints the events the sweep's run removed per second (from its log line) and
#     the page's p50 and p99 meanwhile.
# Every step is bounded in time (the load of each set by BENCH_LOAD_MINUTES, 40; the removal by
# 180 s). Before steps 2 and 4 it waits, polling every minute for at most
# BENCH_IDLE_WAIT_MINUTES (60), until no Maven or Java process of another checkout under
# /work runs and the load average of the last minute is under 1.5, and prints how long it
# waited and the load average. Port BENCH_PORT (8188).
# Needs the jar, curl and a PostgreSQL found or made as ./run finds its own
# (scripts/database.sh), and about 20 GB of disk for 10,000,000 events: check df first. Drops its
# database at the end unless BENCH_KEEP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/database.sh
. scripts/database.sh

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8188}
DB=screening_bench_events
LARGE=${BENCH_EVENTS:-10000000}
SMALL=10000
REQUESTS=${BENCH_REQUESTS:-200}
LOAD_MINUTES=${BENCH_LOAD_MINUTES:-40}
IDLE_WAIT_MINUTES=${BENCH_IDLE_WAIT_MINUTES:-60}
WORK=$(mktemp -d /tmp/bench-event-depth.XXXXXX)
BASE="http://127.0.0.1:$PORT"

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests install" >&2; exit 1; }
ensure_database postgres
pg_port=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<<"$DATABASE_URL")
export PGHOST=127.0.0.1 PGPORT=$pg_port PGUSER=$DATABASE_USER PGPASSWORD=$DATABASE_PASSWORD PGDATABASE=$DB
export DATABASE_URL="jdbc:postgresql://127.0.0.1:$pg_port/$DB" SCREENING_ENVIRONMENT=production PORT
export PUBLIC_BASE_URL="http://localhost:$PORT" SCREENING_KEYS="bench:$(head -c 32 /dev/urandom | base64)"
export AGENCY_NAME="Bench Screening Agency (fictitious)" AGENCY_ADDRESS="1 Bench Road, Austin, TX 78701" AGENCY_PHONE="1-800-555-0100"

sql() { psql -q -tA -c "$1"; }
json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
operator() { java -jar "$JAR" operator "$@" 2>/dev/null; }

service=
start_service() { # <log name> [env assignments...]: starts the jar and waits until it answers
  local name=$1
  shift
  # shellcheck disable=SC2046
  env "$@" java $(cat jvm.options) -jar "$JAR" > "$WORK/service-$name.log" 2>&1 &
  service=$!
  SECONDS=0
  until curl -fs -o /dev/null "$BASE/health"; do
    kill -0 "$service" 2>/dev/null || { echo "the service stopped; see $WORK/service-$name.log" >&2; exit 1; }
    [ "$SECONDS" -lt 60 ] || { echo "no 200 within 60 s" >&2; exit 1; }
    sleep 0.2
  done
}
stop_service() { kill "$service"; wait "$service" 2>/dev/null || true; service=; }
cleanup() {
  [ -z "$service" ] || kill "$service" 2>/dev/null || true
  [ "${BENCH_KEEP:-0}" = 1 ] || psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" 2>/dev/null || true
}
trap cleanup EXIT

# 1. The data set: the service's start makes the schema, the operator command line the
# organisations and keys, SQL the events.
psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
start_service schema EVENT_RETENTION=3650d
stop_service
depth_key=
load() { # <size> <id prefix> <name>: sets depth_key to a test key of a new organisation holding <size> events
  local org
  org=$(operator org create --name "bench events $3" | json_field id)
  operator rate-limit set --org "$org" --test 1000000 >/dev/null
  timeout "$((LOAD_MINUTES * 60))" psql -q -v ON_ERROR_STOP=1 -v org="$org" -v size="$1" -v prefix="$2" -v endpoint="we_test_bench_$3" \
    -f bench/event-depth.sql >/dev/null
  depth_key=$(operator key issue --org "$org" --mode test | json_field key)
  echo "$org" > "$WORK/org-$3"
}
loaded=$(date +%s)
load "$SMALL" 1 small
small_key=$depth_key
load "$LARGE" 2 large
large_key=$depth_key
sql "VACUUM (ANALYZE) events, webhook_deliveries, webhook_attempts, event_sequences, collection_counts, webhook_endpoints"
echo "data set: $SMALL and $LARGE events (each with a delivery and its attempt) loaded with SQL and vacuumed in" \
  "$(( $(date +%s) - loaded )) s; database $(sql "SELECT pg_size_pretty(pg_database_size('$DB'))")"

# others_busy: the Maven and Java processes of other checkouts (any under /work but this one).
others_busy() {
  ps -eo pid=,args= | grep -E '(java|mvn)' | grep -E '/work/' | grep -v -F "$PWD" | grep -v grep || true
}
# busy: another checkout's build runs, or the load average of the last minute is 1.5 or more.
busy() { [ -n "$(others_busy)" ] || awk '{ exit !($1 >= 1.5) }' /proc/loadavg; }
wait_until_idle() { # <what comes next>
  local waited=0
  while busy && [ "$waited" -lt "$IDLE_WAIT_MINUTES" ]; do
    sleep 60
    waited=$(( waited + 1 ))
  done
  echo "before $1: waited $waited min for other checkouts' builds and a load under 1.5; $(others_busy | wc -l) of their" \
    "Maven/Java processes still ran; load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# 2. The pages, at both depths.
ms() { awk '{ printf "%.2f\n", $1 * 1000 }'; }
percentile() { # <p> <file of sorted milliseconds>
  awk -v p="$1" '{ v[NR] = $1 } END { i = int(NR * p / 100 + 0.999999); if (i < 1) i = 1; printf "%.2f", v[i] }' "$2"
}
time_get() { # <key> <path>: one request's time in ms; fails unless it answers 200
  local out
  out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -H "Authorization: Bearer $1" "$BASE$2")
  [ "${out%% *}" = 200 ] || { echo "GET $2 answered ${out%% *}" >&2; exit 1; }
  echo "${out#* }" | ms
}
next_path() { # <key>: the path of the first page's next_href
  curl -s -H "Authorization: Bearer $1" "$BASE/events" | json_field next_href | sed "s|^http://localhost:$PORT||"
}
declare -A P50 P99
measure() { # <name> <path small> <path large> <rounds>: interleaved, one request at a time
  local name=$1 i
  : > "$WORK/$name-small"
  : > "$WORK/$name-large"
  for i in $(seq 1 "$4"); do
    time_get "$small_key" "$2" >> "$WORK/$name-small"
    time_get "$large_key" "$3" >> "$WORK/$name-large"
  done
  for depth in small large; do
    sort -n "$WORK/$name-$depth" -o "$WORK/$name-$depth"
    P50[$name-$depth]=$(percentile 50 "$WORK/$name-$depth")
    P99[$name-$depth]=$(percentile 99 "$WORK/$name-$depth")
  done
}
wait_until_idle "the pages"
start_service pages EVENT_RETENTION=3650d
small_next=$(next_path "$small_key")
large_next=$(next_path "$large_key")
pages=(first "/events" "/events" type "/events?type=report.completed" "/events?type=report.completed" next "$small_next" "$large_next")
for ((i = 0; i < ${#pages[@]}; i += 3)); do measure "${pages[i]}" "${pages[i + 1]}" "${pages[i + 2]}" 50; done
for ((i = 0; i < ${#pages[@]}; i += 3)); do measure "${pages[i]}" "${pages[i + 1]}" "${pages[i + 2]}" "$REQUESTS"; done
stop_service

# 3. Plans at both depths.
declare -A PLAN_MS
explain() { # <name> <depth> <statements, with :org and :endpoint>: the execution time of its EXPLAINs together, the least of 3 runs
  local org runs=()
  org=$(cat "$WORK/org-$2")
  for _ in 1 2 3; do
    psql -q -v ON_ERROR_STOP=1 -v org="$org" -v endpoint="we_test_bench_$2" -X -A -t > "$WORK/plan-$1-$2.txt" <<< "$3"
    runs+=("$(awk '/Execution Time/ { t += $3 } END { printf "%.3f", t }' "$WORK/plan-$1-$2.txt")")
  done
  printf '\n== %s, %s ==\n' "$1" "$2" >> "$WORK/plans.txt"
  cat "$WORK/plan-$1-$2.txt" >> "$WORK/plans.txt"
  PLAN_MS[$1-$2]=$(printf '%s\n' "${runs[@]}" | sort -n | head -n 1)
}
COLUMNS_OF_EVENTS="id, mode, type, object_id, sequence, previous_status, data, previous_attributes, created_at"
CURSOR="SELECT created_at AS c, id AS i FROM events WHERE organization_id = :'org' AND mode = 'test'
        ORDER BY created_at DESC, id DESC OFFSET 24 LIMIT 1 \\gset"
for depth in small large; do
  explain first "$depth" "EXPLAIN (ANALYZE, BUFFERS) SELECT $COLUMNS_OF_EVENTS FROM events WHERE organization_id = :'org' AND mode = 'test'
    ORDER BY created_at DESC, id DESC LIMIT 26;"
  explain count "$depth" "EXPLAIN (ANALYZE, BUFFERS) SELECT coalesce(sum(count), 0) FROM collection_counts
    WHERE organization_id = :'org' AND mode = 'test' AND collection = ANY (ARRAY['events']);"
  explain type "$depth" "EXPLAIN (ANALYZE, BUFFERS) SELECT $COLUMNS_OF_EVENTS FROM events WHERE organization_id = :'org' AND mode = 'test'
    AND type = 'report.completed' ORDER BY created_at DESC, id DESC LIMIT 26;"
  explain next "$depth" "$CURSOR
    EXPLAIN (ANALYZE, BUFFERS) SELECT $COLUMNS_OF_EVENTS FROM events WHERE organization_id = :'org' AND mode = 'test'
    AND (created_at, id) < (:'c', :'i') ORDER BY created_at DESC, id DESC LIMIT 26;"
  explain newer "$depth" "$CURSOR
    EXPLAIN (ANALYZE, BUFFERS) SELECT EXISTS (SELECT 1 FROM events WHERE organization_id = :'org' AND mode = 'test'
    AND (created_at, id) > (:'c', :'i'));"
  explain fan_out "$depth" "BEGIN;
    EXPLAIN (ANALYZE, BUFFERS) WITH next AS (INSERT INTO event_sequences (organization_id, mode, object_id, last_sequence)
      VALUES (:'org', 'test', 'ord_test_000000000000000000000001', 1) ON CONFLICT (organization_id, mode, object_id)
      DO UPDATE SET last_sequence = event_sequences.last_sequence + 1 RETURNING last_sequence)
    INSERT INTO events (organization_id, mode, id, type, object_id, sequence, previous_status, data, previous_attributes, created_at)
    SELECT :'org', 'test', 'evt_test_bench_fan_out', 'order.canceled', 'ord_test_000000000000000000000001', next.last_sequence,
      'completed', '{\"object\": {}}'::json, NULL, now() FROM next RETURNING sequence;
    EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM webhook_endpoints WHERE organization_id = :'org' AND mode = 'test'
      AND (enabled_events = '{}' OR 'order.canceled' = ANY (enabled_events)) AND api_version >= '2026-04-29';
    EXPLAIN (ANALYZE, BUFFERS) INSERT INTO webhook_deliveries (organization_id, mode, id, endpoint_id, event_id, event_type, status,
      attempts, next_attempt_at, created_at)
      VALUES (:'org', 'test', 'whd_test_bench_fan_out', :'endpoint', 'evt_test_bench_fan_out', 'order.canceled', 'pending', 0, now(), now());
    ROLLBACK;"
  explain sweep_remove "$depth" "SELECT array_agg(id)::text AS ids FROM (SELECT id FROM events WHERE organization_id = :'org'
      ORDER BY created_at, id LIMIT 1000) batch \\gset
    BEGIN;
    SET LOCAL lock_timeout = '200ms';
    EXPLAIN (ANALYZE, BUFFERS) WITH old AS (SELECT id FROM events WHERE organization_id = :'org' AND mode = 'test'
      AND id = ANY (:'ids'::text[]) FOR UPDATE SKIP LOCKED
    ), taken AS (SELECT id FROM webhook_deliveries WHERE organization_id = :'org' AND mode = 'test'
      AND event_id IN (SELECT id FROM old) AND status <> 'pending' FOR UPDATE SKIP LOCKED
    ), kept AS (SELECT event_id FROM webhook_deliveries WHERE organization_id = :'org' AND mode = 'test'
      AND event_id IN (SELECT id FROM old) AND id NOT IN (SELECT id FROM taken)
    ), removed_deliveries AS (DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM taken)
      AND event_id NOT IN (SELECT event_id FROM kept)
    ) DELETE FROM events WHERE organization_id = :'org' AND mode = 'test' AND id IN (SELECT id FROM old)
      AND id NOT IN (SELECT event_id FROM kept);
    ROLLBACK;"
done
# The sweep reads the oldest events of every organisation at once (both sets are in one table).
explain sweep_read large "EXPLAIN (ANALYZE, BUFFERS) SELECT organization_id, mode, id, created_at FROM events
  WHERE created_at < now() - interval '29 days' ORDER BY created_at, id LIMIT 1000;"

# 4. The sweep at depth, with the large first page timed meanwhile.
wait_until_idle "the sweep"
counted="SELECT coalesce(sum(count), 0) FROM collection_counts WHERE collection = 'events'"
total=$(sql "$counted")
old=$(sql "SELECT count(*) FROM events WHERE created_at < now() - interval '29 days'")
start_service sweep EVENT_RETENTION=29d WORK_SWEEP_INTERVAL=1s
: > "$WORK/during"
SECONDS=0
while [ "$SECONDS" -lt 180 ]; do
  for _ in $(seq 1 20); do time_get "$large_key" /events >> "$WORK/during"; done
  left=$(sql "$counted")
  [ $(( total - left )) -lt "$old" ] || break
done
stop_service
sort -n "$WORK/during" -o "$WORK/during"
# The sweep logs each run that removed anything: "removed <n> event(s) ... in <ms> ms"; the first
# run took the whole day's backlog.
read -r removed removed_ms < <(sed -n 's/.*removed \([0-9]*\) event(s) .* in \([0-9]*\) ms.*/\1 \2/p' "$WORK/service-sweep.log" |
  sort -n -r | head -n 1) || true

# Report.
printf '\n%-44s %22s %22s\n' "GET /events, one request at a time" "$SMALL events" "$LARGE events"
printf '%-44s %22s %22s\n' "" "p50 / p99 ms" "p50 / p99 ms"
printf '%-44s %22s %22s\n' "first page" "${P50[first-small]} / ${P99[first-small]}" "${P50[first-large]} / ${P99[first-large]}"
printf '%-44s %22s %22s\n' "type=report.completed" "${P50[type-small]} / ${P99[type-small]}" "${P50[type-large]} / ${P99[type-large]}"
printf '%-44s %22s %22s\n' "next page (cursor)" "${P50[next-small]} / ${P99[next-small]}" "${P50[next-large]} / ${P99[next-large]}"
printf '\n%-44s %22s %22s\n' "EXPLAIN ANALYZE, least of 3 runs (ms)" "$SMALL events" "$LARGE events"
for name in first count type next newer fan_out sweep_remove; do
  printf '%-44s %22s %22s\n' "$name" "${PLAN_MS[$name-small]}" "${PLAN_MS[$name-large]}"
done
printf '%-44s %22s %22s\n' "sweep_read (1,000 oldest of every organisation)" "" "${PLAN_MS[sweep_read-large]}"
echo "(fan_out: its three statements together; every plan is in $WORK/plans.txt)"
printf '\nthe sweep (EVENT_RETENTION=29d: %s events past it) removed %s events with their deliveries and attempts in one run' "$old" \
  "${removed:-0}"
printf ' of %s ms: %s events/s\n' "${removed_ms:-0}" "$(awk -v n="${removed:-0}" -v ms="${removed_ms:-0}" \
  'BEGIN { if (ms > 0) printf "%.0f", n * 1000 / ms; else printf "-" }')"
printf 'GET /events at %s events while it ran (%s requests): p50 %s ms, p99 %s ms\n' "$LARGE" "$(wc -l < "$WORK/during")" \
  "$(percentile 50 "$WORK/during")" "$(percentile 99 "$WORK/during")"
