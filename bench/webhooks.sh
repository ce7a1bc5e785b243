#!/usr/bin/env bash
# The benchmark of issue 37 (not a test): how fast webhook deliveries keep up with the events
# of a steady flow of orders, to one endpoint, with one instance and with two, and what a
# kill -9 of one instance costs the endpoint. Builds nothing: build the jar first
# (./mvnw -q -DskipTests install). About 20 minutes on two cores, every step bounded in time.
#
# Four runs, each on a new database of its own (BENCH_DATABASE, screening_bench_webhooks,
# dropped and made again) and with a new receiver (bench/receiver.mjs: Node.js on loopback,
# answering 204 after a fixed delay, logging every request):
#   one-1ms    one instance, the receiver answering in 1 ms;
#   one-100ms  one instance, the receiver answering in 100 ms;
#   two-1ms    two instances on the one database, the orders split between them, 1 ms;
#   two-kill   as two-1ms until BENCH_KILL_AT seconds (half the load); then the instance
#              that sent the latest delivery the receiver answered is killed with kill -9
#              (the one delivering then, found by its connection with ss), and the other
#              takes every order for the rest of the load, as a load balancer would send
#              them (about a second passes while the loader moves).
# Each run: the instances start (jvm.options, WEBHOOK_ALLOW_LOOPBACK=true), an organisation
# with a test key and a rate limit far above the rate; a warm-up of BENCH_WARMUP_SECONDS (60)
# of test orders at the rate with no endpoint (the JIT compilers work through the order path
# meanwhile), then one endpoint registered through the API for every event type, then test
# orders (bench/test-orders.mjs) at BENCH_RATE (100) a second for BENCH_SECONDS (60): each is
# pending at once and completes about a second later with its report, three events an order
# (order.pending, order.completed, report.completed). Then it waits for the deliveries to
# drain, at most BENCH_DRAIN_SECONDS (120) after the load. It prints:
#  - the events and what became of their deliveries (succeeded, still pending when the drain
#    limit ended, failed, none), and the redeliveries the receiver saw;
#  - deliveries per second: 2xx recorded during the load, and from the first event to the
#    last recorded 2xx;
#  - the time from each event's creation (events.created_at) to its recorded 2xx
#    (webhook_attempts.attempted_at + duration_ms of its succeeded attempt): p50, p99, max;
#    beside it the same to the receiver's first answered arrival of the event. A delivery
#    still pending at the drain limit counts with its time until then, and the figures are
#    then lower bounds (the line says so);
#  - from the receiver's log: the most requests in flight to the endpoint at once, the
#    concurrent double deliveries (a delivery arriving while the same delivery id is still in
#    flight; a redelivery after a crash is allowed, this is not), and the longest pause (the
#    longest time between consecutive answers, or from the last answer to the drain limit
#    when deliveries were still pending);
#  - the time from each order's 201 to its completion (order.pending to order.completed, as
#    bench/screening.sh measures it): p50, p99, max;
#  - in the runs without a kill, the CPU time per order of the instances and of the
#    database's PostgreSQL backends from the endpoint's registration to the drain, and, when
#    every delivery was made, the orders a second the cores could carry at that cost;
#  - the ceiling, measured in the same run after the instances stopped: the same receiver fed
#    the bodies it received (the first 1,000: events as the service wrote them) by autocannon
#    (bench/webhook-ceiling.mjs) at WEBHOOK_ENDPOINT_CONCURRENCY connections (the service's
#    requests in flight per endpoint; 16 unless set) for BENCH_CEILING_SECONDS (10).
# After the first run, the rows and the space of every table of 100 rows or more (for the
# capacity plan of docs/performance.md). At the end, every target of the issue with "met" or
# "NOT met".
# Needs Node.js with npm (installs autocannon into bench/node_modules), ss (iproute2) and a
# PostgreSQL on this machine, found or made as ./run finds its own (scripts/database.sh). Settings: BENCH_PORT (8184; the second
# instance on the next port), BENCH_RECEIVER_PORT (8186), BENCH_RUNS (all four, as a
# comma-separated list of their names), and those above.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/database.sh
. scripts/database.sh

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8184}
RECEIVER_PORT=${BENCH_RECEIVER_PORT:-8186}
DB=${BENCH_DATABASE:-screening_bench_webhooks}
RATE=${BENCH_RATE:-100}
SECONDS_OF_LOAD=${BENCH_SECONDS:-60}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-60}
DRAIN_SECONDS=${BENCH_DRAIN_SECONDS:-120}
KILL_AT=${BENCH_KILL_AT:-$(( SECONDS_OF_LOAD / 2 ))}
CEILING_SECONDS=${BENCH_CEILING_SECONDS:-10}
RUNS=${BENCH_RUNS:-one-1ms,one-100ms,two-1ms,two-kill}
export WEBHOOK_ENDPOINT_CONCURRENCY=${WEBHOOK_ENDPOINT_CONCURRENCY:-16}
WORK=$(mktemp -d /tmp/bench-webhooks.XXXXXX)

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests install" >&2; exit 1; }
[ "$KILL_AT" -gt 0 ] && [ "$KILL_AT" -lt "$SECONDS_OF_LOAD" ] || { echo "BENCH_KILL_AT must be within the load" >&2; exit 1; }
(cd bench && npm ci --no-audit --no-fund --silent)

ensure_database postgres
pg_port=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<<"$DATABASE_URL")
export PGHOST=127.0.0.1 PGPORT=$pg_port PGUSER=$DATABASE_USER PGPASSWORD=$DATABASE_PASSWORD PGDATABASE=$DB
export DATABASE_URL="jdbc:postgresql://127.0.0.1:$pg_port/$DB" SCREENING_ENVIRONMENT=production WEBHOOK_ALLOW_LOOPBACK=true
export PUBLIC_BASE_URL="http://localhost:$PORT" SCREENING_KEYS="bench:$(head -c 32 /dev/urandom | base64)"
export AGENCY_NAME="Bench Screening Agency (fictitious)" AGENCY_ADDRESS="1 Bench Road, Austin, TX 78701" AGENCY_PHONE="1-800-555-0100"

sql() { psql -q -tA -c "$1"; }
json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
operator() { java -jar "$JAR" operator "$@" 2>/dev/null; }

# Every process this script starts is in STARTED until it ends; the trap ends those left.
STARTED=()
forget() { # <pid>
  local kept=() pid
  for pid in "${STARTED[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
  STARTED=("${kept[@]+"${kept[@]}"}")
}
cleanup() {
  local pid
  for pid in "${STARTED[@]+"${STARTED[@]}"}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
stop() { # <pid> [signal]: ends a process this script started and waits for it
  kill "-${2:-TERM}" "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  forget "$1"
}

INSTANCES=()
start_instance() { # <run> <number: 0 or 1>
  local port=$(( PORT + $2 )) log="$WORK/$1-instance-$2.log" pid
  # shellcheck disable=SC2046
  PORT=$port java $(cat jvm.options) -jar "$JAR" > "$log" 2>&1 &
  pid=$!
  STARTED+=("$pid")
  INSTANCES[$2]=$pid
  for _ in $(seq 1 120); do curl -fs "localhost:$port/health" >/dev/null && return; sleep 0.5; done
  echo "the service did not start; see $log" >&2
  exit 1
}
await_completed() { # <seconds at most>: true when every order completed and no delivery is pending
  local until=$(( $(date +%s) + $1 ))
  while [ "$(date +%s)" -lt "$until" ]; do
    [ "$(sql "SELECT (SELECT count(*) FROM orders WHERE status <> 'completed')
                   + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')")" = 0 ] && return 0
    sleep 1
  done
  return 1
}
# load_start <output file> <seconds> <rate> <instance number>: test orders (bench/test-orders.mjs)
# at that rate to that instance for that long, in the background; load_wait waits for those
# started, load_wait_for for one of them.
LOADERS=()
load_start() {
  node bench/test-orders.mjs "http://localhost:$(( PORT + $4 ))" "$KEY" rate "$3" "$2" > "$1" &
  LOADERS+=($!)
  STARTED+=($!)
}
load_wait_for() { # <pid>
  local kept=() pid
  wait "$1"
  forget "$1"
  for pid in "${LOADERS[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
  LOADERS=("${kept[@]+"${kept[@]}"}")
}
load_wait() {
  while [ "${#LOADERS[@]}" -gt 0 ]; do load_wait_for "${LOADERS[0]}"; done
}
# percentiles <SQL yielding a column ms>: "p50 X ms, p99 Y ms, max Z ms"
percentiles() {
  sql "WITH t AS ($1) SELECT coalesce('p50 ' || round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)) || ' ms, p99 '
         || round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)) || ' ms, max ' || round(max(ms)) || ' ms', 'none') FROM t"
}
p99_of() { sql "WITH t AS ($1) SELECT coalesce(round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)), 0) FROM t"; }

# CPU time: cpu_snapshot <file> writes "<service|postgres> <pid> <clock ticks used so far>" for
# each instance and each backend of the benchmark's database (the server's own processes, WAL
# writer, checkpointer and autovacuum, serve every database and are not counted); cpu_used
# <before> <after> <kind> is the milliseconds those of that kind used between two snapshots
# (a process started meanwhile from zero, one that ended loses its last ticks).
TICK_MS=$(awk -v hz="$(getconf CLK_TCK)" 'BEGIN { print 1000 / hz }')
cpu_snapshot() {
  local pid
  {
    for pid in "${INSTANCES[@]}"; do echo "service $pid $(awk '{ print $14 + $15 }' "/proc/$pid/stat")"; done
    for pid in $(sql "SELECT pid FROM pg_stat_activity WHERE datname = '$DB' AND pid <> pg_backend_pid()"); do
      echo "postgres $pid $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)"
    done
  } > "$1"
}
cpu_used() {
  awk -v kind="$3" -v ms="$TICK_MS" 'NR == FNR { was[$2] = $3; next } $1 == kind { total += $3 - was[$2] } END { printf "%.0f", total * ms }' "$1" "$2"
}

storage() { # the rows and space of every table with 100 rows or more, largest first
  local table rows bytes
  echo "storage after this run (table: rows, total size with indexes and TOAST, bytes a row):"
  for table in $(sql "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY pg_total_relation_size(quote_ident(tablename)) DESC"); do
    rows=$(sql "SELECT count(*) FROM $table")
    [ "$rows" -ge 100 ] || continue
    bytes=$(sql "SELECT pg_total_relation_size('$table')")
    printf '  %-28s %9s rows %10s  %6s B/row\n' "$table" "$rows" "$(sql "SELECT pg_size_pretty($bytes::bigint)")" $(( bytes / rows ))
  done
}

TARGET_ORDER=()
target() { # <description> <awk condition>
  local verdict="NOT met"
  awk "BEGIN { exit !($2) }" && verdict="met    "
  TARGET_ORDER+=("$verdict  $1")
}

STORAGE_SHOWN=
run() { # <name> <instances: 1 or 2> <receiver delay ms> <kill: kill or keep>
  local name=$1 instances=$2 delay=$3 kill=$4
  case ",$RUNS," in *",$name,"*) ;; *) return ;; esac
  echo
  echo "== $name: $instances instance(s), receiver answering in $delay ms, $RATE test orders/s for ${SECONDS_OF_LOAD}s$(
    [ "$kill" = kill ] && echo ", kill -9 of one instance after ${KILL_AT}s"); load average $(cut -d' ' -f1-3 /proc/loadavg) at its start"
  psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" 2>/dev/null
  node bench/receiver.mjs "$RECEIVER_PORT" "$delay" "$WORK/$name-receipts.tsv" "$WORK/$name-bodies.txt" > "$WORK/$name-receiver.txt" &
  local receiver=$!
  STARTED+=("$receiver")
  start_instance "$name" 0
  local org
  org=$(operator org create --name "bench webhooks" | json_field id)
  operator rate-limit set --org "$org" --test 1000000 >/dev/null
  KEY=$(operator key issue --org "$org" --mode test | json_field key)
  [ "$instances" = 1 ] || start_instance "$name" 1
  local half=$(( RATE / instances )) i
  for i in $(seq 0 $(( instances - 1 ))); do load_start "$WORK/$name-warm-up-$i.txt" "$WARMUP_SECONDS" "$half" "$i"; done
  load_wait
  await_completed 300 || { echo "the warm-up's orders did not complete within 5 minutes" >&2; exit 1; }

  local endpoint since
  endpoint=$(curl -fsS "localhost:$PORT/webhook_endpoints" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d "{\"webhook_endpoint\":{\"url\":\"http://127.0.0.1:$RECEIVER_PORT/$name\"}}" | json_field id)
  since=$(sql "SELECT now()")
  cpu_snapshot "$WORK/$name-cpu-before"
  local killed_at=
  if [ "$kill" = kill ]; then
    for i in 0 1; do load_start "$WORK/$name-load-$i-for-${KILL_AT}s.txt" "$KILL_AT" $(( i == 0 ? RATE - half : half )) "$i"; done
    load_wait
    # The instance that sent the receiver's latest answered request is killed (the process
    # that holds that connection's end: ss); the other takes the whole rate for the rest of
    # the load.
    local sender victim=1
    sender=$(tail -n 1 "$WORK/$name-receipts.tsv" | cut -f7)
    sender=$(ss -Htnp state established "( sport = :${sender:-0} )" | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2)
    [ "$sender" != "${INSTANCES[0]}" ] || victim=0
    stop "${INSTANCES[$victim]}" KILL
    unset "INSTANCES[$victim]"
    killed_at=$(sql "SELECT round(extract(epoch FROM now() - '$since')::numeric, 1)")
    killed_at="$killed_at s into the load, instance $victim ($( [ -n "$sender" ] && echo "it sent the latest delivery" ||
      echo "the sender of the latest delivery was not found"))"
    load_start "$WORK/$name-load-$(( 1 - victim ))-then-for-$(( SECONDS_OF_LOAD - KILL_AT ))s.txt" $(( SECONDS_OF_LOAD - KILL_AT )) "$RATE" $(( 1 - victim ))
  else
    for i in $(seq 0 $(( instances - 1 ))); do
      load_start "$WORK/$name-load-$i-for-${SECONDS_OF_LOAD}s.txt" "$SECONDS_OF_LOAD" $(( i == 0 ? RATE - half * (instances - 1) : half )) "$i"
    done
  fi
  load_wait
  local load_end drained=yes
  load_end=$(sql "SELECT now()")
  await_completed "$DRAIN_SECONDS" || drained=no
  local drain_end drain_end_at
  drain_end_at=$(sql "SELECT now()")
  drain_end=$(sql "SELECT round(extract(epoch FROM '$drain_end_at'::timestamptz - '$load_end')::numeric, 1)")
  cpu_snapshot "$WORK/$name-cpu-after"
  for i in "${INSTANCES[@]}"; do stop "$i"; done
  INSTANCES=()
  local ceiling
  ceiling=$(node bench/webhook-ceiling.mjs "http://127.0.0.1:$RECEIVER_PORT/ceiling-$name" "$WORK/$name-bodies.txt" \
    "$WEBHOOK_ENDPOINT_CONCURRENCY" "$CEILING_SECONDS")
  stop "$receiver"

  local f
  for f in "$WORK/$name"-load-*.txt; do echo "  POST /orders to instance $(basename "$f" .txt | sed -E 's/.*-load-([0-9])-(.*)/\1 \2/' | tr - ' '): $(cat "$f")"; done
  [ -z "$killed_at" ] || echo "  kill -9 at $killed_at"
  if [ -z "$STORAGE_SHOWN" ]; then
    storage
    STORAGE_SHOWN=yes
  fi

  sql "CREATE TABLE bench_receipts (endpoint text, delivery_id text, event_id text, arrival double precision,
         ended double precision, answered integer, sender_port integer)"
  psql -q -c "\\copy bench_receipts FROM '$WORK/$name-receipts.tsv'"
  local events delivered pending failed none
  events=$(sql "SELECT count(*) FROM events WHERE created_at >= '$since'")
  delivered=$(sql "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = '$endpoint' AND status = 'succeeded'")
  pending=$(sql "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = '$endpoint' AND status = 'pending'")
  failed=$(sql "SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = '$endpoint' AND status = 'failed'")
  none=$(sql "SELECT count(*) FROM events e WHERE created_at >= '$since'
                AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.endpoint_id = '$endpoint')")
  local orders
  orders=$(sql "SELECT count(*) FROM events WHERE type = 'order.pending' AND created_at >= '$since'")
  echo "  events: $events ($(awk -v e="$events" -v o="$orders" 'BEGIN { printf "%.2f", o ? e / o : 0 }') per order);" \
    "deliveries succeeded $delivered, still pending $pending, failed $failed, none $none;" \
    "$( [ "$drained" = yes ] && echo "drained ${drain_end}s after the load" || echo "NOT drained ${DRAIN_SECONDS}s after the load")"
  # The recorded 2xx of a delivery: its succeeded attempt's start plus its duration.
  local recorded="SELECT d.id, e.created_at AS event_at, min(a.attempted_at + a.duration_ms * interval '1 millisecond') AS ok_at
                  FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
                  JOIN webhook_attempts a ON a.delivery_id = d.id AND a.response_status BETWEEN 200 AND 299
                  WHERE d.endpoint_id = '$endpoint' GROUP BY d.id, e.created_at"
  local during overall
  during=$(sql "SELECT round(count(*) / extract(epoch FROM '$load_end'::timestamptz - '$since')::numeric, 1)
                FROM ($recorded) r WHERE ok_at <= '$load_end'")
  overall=$(sql "SELECT coalesce(round(count(*) / nullif(extract(epoch FROM max(ok_at) - '$since'), 0)::numeric, 1), 0) FROM ($recorded) r")
  echo "  deliveries/s: $during while the load lasted, $overall from its start to the last recorded 2xx;" \
    "ceiling (the receiver fed by autocannon at $WEBHOOK_ENDPOINT_CONCURRENCY connections): $ceiling"
  # A delivery still pending at the drain limit counts with its time until then: its figure
  # is at least that (and every percentile it reaches a lower bound).
  local undelivered="SELECT extract(epoch FROM '$drain_end_at'::timestamptz - e.created_at) * 1000 AS ms
                     FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
                     WHERE d.endpoint_id = '$endpoint' AND d.status = 'pending'"
  local latency="SELECT extract(epoch FROM ok_at - event_at) * 1000 AS ms FROM ($recorded) r UNION ALL $undelivered"
  local at_receiver="SELECT extract(epoch FROM min(to_timestamp(r.arrival / 1000) - e.created_at)) * 1000 AS ms
                     FROM bench_receipts r JOIN events e ON e.id = r.event_id
                     WHERE r.answered = 1 AND r.endpoint = '/$name' GROUP BY e.id UNION ALL $undelivered"
  local bound=
  [ "$pending" = 0 ] || bound=" (with the $pending still pending counted until the drain limit: lower bounds)"
  echo "  event to recorded 2xx (webhook_attempts.attempted_at + duration_ms): $(percentiles "$latency");" \
    "to the receiver's first answered arrival: $(percentiles "$at_receiver")$bound"
  local summary requests highest doubles redelivered cut pause
  summary=$(awk -F'\t' -v e="/$name" '$1 == e' "$WORK/$name-receiver.txt")
  requests=$(cut -f2 <<<"$summary"); highest=$(cut -f3 <<<"$summary"); doubles=$(cut -f4 <<<"$summary")
  redelivered=$(sql "SELECT count(*) - count(DISTINCT delivery_id) FROM bench_receipts WHERE endpoint = '/$name' AND answered = 1")
  cut=$(sql "SELECT count(*) FROM bench_receipts WHERE endpoint = '/$name' AND answered = 0")
  # The longest time between two consecutive answers (and, when deliveries were still
  # pending at the drain limit, from the last answer to that limit), and when it began.
  pause=$(sql "WITH answers AS (SELECT ended FROM bench_receipts WHERE endpoint = '/$name' AND answered = 1
                                UNION ALL
                                SELECT extract(epoch FROM '$drain_end_at'::timestamptz) * 1000 WHERE $pending > 0),
                    gaps AS (SELECT ended, ended - lag(ended) OVER (ORDER BY ended) AS gap FROM answers)
               SELECT round((gap / 1000)::numeric, 1) || ' '
                      || round(((ended - gap) / 1000 - extract(epoch FROM '$since'::timestamptz))::numeric, 1)
               FROM gaps WHERE gap IS NOT NULL ORDER BY gap DESC LIMIT 1")
  pause=${pause:-0 0}
  echo "  receiver: ${requests:-0} requests, at most ${highest:-0} in flight at once (WEBHOOK_ENDPOINT_CONCURRENCY $WEBHOOK_ENDPOINT_CONCURRENCY)," \
    "${doubles:-0} concurrent doubles, $redelivered redeliveries answered, $cut hung up by the sender;" \
    "longest pause ${pause% *} s (from ${pause#* } s into the load)"
  local completion="SELECT extract(epoch FROM c.created_at - p.created_at) * 1000 AS ms
                    FROM events p JOIN events c ON c.object_id = p.object_id AND c.type = 'order.completed'
                    WHERE p.type = 'order.pending' AND p.created_at >= '$since'"
  echo "  order 201 to completed: $(percentiles "$completion")"
  if [ "$kill" != kill ]; then
    local service_ms postgres_ms
    service_ms=$(cpu_used "$WORK/$name-cpu-before" "$WORK/$name-cpu-after" service)
    postgres_ms=$(cpu_used "$WORK/$name-cpu-before" "$WORK/$name-cpu-after" postgres)
    echo "  CPU per order, with its events and deliveries (from the endpoint's registration to the drain):" \
      "service $(awk -v t="$service_ms" -v n="$orders" 'BEGIN { printf "%.2f", t / n }') ms," \
      "PostgreSQL (this database's backends) $(awk -v t="$postgres_ms" -v n="$orders" 'BEGIN { printf "%.2f", t / n }') ms$(
      [ "$drained" = yes ] && awk -v t=$(( service_ms + postgres_ms )) -v n="$orders" -v cores="$(nproc)" \
        'BEGIN { printf "; at most %.0f orders/s on these %d cores if they did nothing else", cores * 1000 * n / t, cores }')"
  fi

  local p99 order_p99
  p99=$(p99_of "$latency")
  order_p99=$(p99_of "$completion")
  if [ "$delay" = 1 ]; then
    target "$name: every event delivered ($delivered of $events)" "$delivered == $events && $events > 0"
    target "$name: event to 2xx p99 under 2 s ($p99 ms)" "$p99 < 2000 && $delivered == $events"
  else
    target "$name: at least 60 deliveries/s to one endpoint ($overall)" "$overall >= 60"
  fi
  if [ "$kill" = kill ]; then
    target "$name: no endpoint paused longer than 5 s after kill -9 (${pause% *} s)" "${pause% *} <= 5"
    target "$name: every event delivered at least once (failed $failed, without a delivery $none, still pending $pending)" "$failed + $none + $pending == 0"
  fi
  target "$name: 0 concurrent double deliveries (${doubles:-0})" "${doubles:-0} == 0"
  target "$name: order 201 to completed p99 under 1.5 s ($order_p99 ms)" "$order_p99 < 1500"
}

run one-1ms 1 1 keep
run one-100ms 1 100 keep
run two-1ms 2 1 keep
run two-kill 2 1 kill

echo
for line in "${TARGET_ORDER[@]+"${TARGET_ORDER[@]}"}"; do echo "$line"; done
echo "(logs of every run: $WORK; the last run's database is left as it was: $DB)"
