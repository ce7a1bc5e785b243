#!/usr/bin/env bash
# Benchmark (not a test) of the asynchronous half, against one instance:
#  1. Latency: after a warm-up at the same rate (BENCH_WARMUP_SECONDS, 90: on two cores the
#     JIT compiler needs that long), ordinary test orders at 100 per second (BENCH_RATE)
#     for 30 seconds (BENCH_SECONDS); each is pending at once and completes with its canned report after
#     the test-mode delay (1 s). Reports the p50, p99 and maximum of the time from the
#     order.pending event (written with the 201) to the order.completed event, and the
#     completions per second while the load ran.
#  2. Worker throughput: a backlog of 5000 test orders (BENCH_BACKLOG) placed with their
#     screening far in the future, then all made due at once; reports how fast the
#     instance's workers (8 threads) drain it, from the first to the last order.completed.
# Needs the jar (./mvnw -q -DskipTests install), a PostgreSQL found or made as ./run finds its
# own (scripts/database.sh) and Node.js with npm (installs autocannon into bench/node_modules). Uses its own database (BENCH_DATABASE, default
# screening_bench_screening) and port (BENCH_PORT).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/database.sh
. scripts/database.sh

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8183}
DB=${BENCH_DATABASE:-screening_bench_screening}
RATE=${BENCH_RATE:-100}
SECONDS_OF_LOAD=${BENCH_SECONDS:-30}
BACKLOG=${BENCH_BACKLOG:-5000}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-90}
ensure_database postgres
pg_port=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<<"$DATABASE_URL")
export PGHOST=127.0.0.1 PGPORT=$pg_port PGUSER=$DATABASE_USER PGPASSWORD=$DATABASE_PASSWORD
export DATABASE_URL="jdbc:postgresql://127.0.0.1:$pg_port/$DB" SCREENING_ENVIRONMENT=production PORT PUBLIC_BASE_URL="http://localhost:$PORT"
SCREENING_KEYS="bench:$(head -c 32 /dev/urandom | base64)"
export SCREENING_KEYS
export AGENCY_NAME="Bench Screening Agency (fictitious)" AGENCY_ADDRESS="1 Bench Road, Austin, TX 78701" AGENCY_PHONE="1-800-555-0100"

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests package" >&2; exit 1; }
(cd bench && npm ci --no-audit --no-fund --silent)

sql() { psql -q -d "$DB" -tA -c "$1"; }
json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
service=
start_service() {
  java $(cat jvm.options) -jar "$JAR" > "/tmp/bench-screening-service-$1.log" 2>&1 &
  service=$!
  for _ in $(seq 1 60); do curl -fs "localhost:$PORT/openapi.yaml" >/dev/null && return; sleep 0.5; done
  echo "the service did not start; see /tmp/bench-screening-service-$1.log" >&2
  exit 1
}
stop_service() {
  echo "resident memory of the service ($1) at the end: $(( $(ps -o rss= -p "$service") / 1024 )) MB (jvm.options)"
  kill "$service"; wait "$service" 2>/dev/null || true; service=
}
trap '[ -z "$service" ] || kill "$service" 2>/dev/null || true' EXIT
await_completed() {
  for _ in $(seq 1 600); do
    [ "$(sql "SELECT count(*) FROM orders WHERE status <> 'completed'")" = 0 ] && return
    sleep 0.5
  done
  echo "not every order completed within 5 minutes" >&2
  exit 1
}

psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
org=$(java -jar "$JAR" operator org create --name "bench screening" 2>/dev/null | json_field id)
key=$(java -jar "$JAR" operator key issue --org "$org" --mode test 2>/dev/null | json_field key)

start_service latency
node bench/test-orders.mjs "http://localhost:$PORT" "$key" rate "$RATE" "$WARMUP_SECONDS" >/dev/null
await_completed
echo "warm-up: $RATE test orders per second for ${WARMUP_SECONDS}s"
since=$(sql "SELECT now()")
echo "POST /orders (test mode) at $RATE/s for ${SECONDS_OF_LOAD}s: $(node bench/test-orders.mjs "http://localhost:$PORT" "$key" rate "$RATE" "$SECONDS_OF_LOAD")"
await_completed
sql "WITH times AS (
       SELECT extract(epoch FROM c.created_at - p.created_at) * 1000 AS ms
       FROM events p JOIN events c ON c.object_id = p.object_id AND c.type = 'order.completed'
       WHERE p.type = 'order.pending' AND p.created_at > '$since')
     SELECT 'orders=' || count(*) || ' 201-to-completed p50=' || round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)) || 'ms'
       || ' p99=' || round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)) || 'ms max=' || round(max(ms)) || 'ms'
     FROM times"
sql "SELECT 'completions per second while loaded: ' || round(count(*) / extract(epoch FROM max(created_at) - min(created_at))::numeric, 1)
     FROM events WHERE type = 'order.completed' AND created_at > '$since'"
stop_service latency

export TEST_SCREENING_DELAY=24h
start_service backlog
since=$(sql "SELECT now()")
node bench/test-orders.mjs "http://localhost:$PORT" "$key" amount "$BACKLOG" 16 >/dev/null
stop_service backlog
sql "UPDATE scheduled_tasks SET execution_time = now() WHERE task_name = 'screen-order'"
unset TEST_SCREENING_DELAY
start_service drain
await_completed
sql "SELECT 'backlog of ' || count(*) || ' drained at ' || round(count(*) / extract(epoch FROM max(created_at) - min(created_at))::numeric, 1)
       || ' orders/s (' || round(extract(epoch FROM max(created_at) - min(created_at))::numeric, 1) || ' s)'
     FROM events WHERE type = 'order.completed' AND object_id IN (SELECT id FROM orders WHERE created_at > '$since')"
stop_service drain
