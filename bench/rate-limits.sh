#!/usr/bin/env bash
# The benchmark of issue 36 (not a test): what the rate limits cost on the request path, and
# whether one organisation's flood holds up another's requests. Builds nothing: build the jar
# first (./mvnw -q -DskipTests package). About ten minutes on two cores.
#
#  1. The limiter's cost on GET /orders/{id} (16 connections, wrk, one test key of an
#     organisation whose own limit is far above the rate, so that nothing is refused and every
#     request takes its token and every synchronisation happens): the service started with
#     RATE_LIMIT_ENABLED=true and =false in turn, twice each (on, off, on, off), each start
#     warmed up for BENCH_WARMUP_SECONDS (40) before a measured run of BENCH_SECONDS (15).
#     Prints each run (with the service's CPU time per request, steadier than the rate on a
#     shared machine) and the means of both.
#  2. The flood: with the limits on, a steady client of one organisation (bench/paced.mjs,
#     GET /orders/{id} at BENCH_STEADY_RATE, 50 a second, evenly spaced) for
#     BENCH_FLOOD_SECONDS (30) alone, then beside a flood from another organisation on the page
#     of 100 orders with three includes (the dearest read), over 8 test keys, evenly paced:
#     (a) keys at the default test limit (25 a second each), the flood asking 800 a second,
#     4 times their limit; (b) keys whose own limit is BENCH_FLOOD_LIMIT (100) a second each,
#     the flood asking their whole limit, 800 a second, about what the service can answer of
#     that page: an organisation flooding within its limit. Prints the steady client's p50 and
#     p99 alone and beside each flood, and each flood's answers by status.
# Run it on an otherwise idle machine: before each part it waits (polling every minute, at
# most BENCH_IDLE_WAIT_MINUTES, 60) until no Maven or Java process of another checkout under
# /work/wt-* runs, and prints how long it waited and what still ran.
# Finds or makes its PostgreSQL as ./run does; drops and recreates screening_bench_rate; port
# BENCH_PORT (8187). Needs wrk (from the OS packages) and Node.js.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/database.sh
. scripts/database.sh

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8187}
DB=screening_bench_rate
RUN_SECONDS=${BENCH_SECONDS:-15}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-40}
STEADY_RATE=${BENCH_STEADY_RATE:-50}
FLOOD_SECONDS=${BENCH_FLOOD_SECONDS:-30}
FLOOD_LIMIT=${BENCH_FLOOD_LIMIT:-100}
IDLE_WAIT_MINUTES=${BENCH_IDLE_WAIT_MINUTES:-60}
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d /tmp/bench-rate-limits.XXXXXX)

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests package" >&2; exit 1; }
command -v wrk >/dev/null 2>&1 || install_packages wrk

ensure_database postgres
pg_port=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<<"$DATABASE_URL")
export PGHOST=127.0.0.1 PGPORT=$pg_port PGUSER=$DATABASE_USER PGPASSWORD=$DATABASE_PASSWORD
psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" 2>/dev/null
export PGDATABASE=$DB
export DATABASE_URL="jdbc:postgresql://127.0.0.1:$pg_port/$DB" SCREENING_ENVIRONMENT=production PORT
export PUBLIC_BASE_URL="http://localhost:$PORT" SCREENING_KEYS="bench:$(head -c 32 /dev/urandom | base64)"
export AGENCY_NAME="Bench Screening Agency (fictitious)" AGENCY_ADDRESS="1 Bench Road, Austin, TX 78701" AGENCY_PHONE="1-800-555-0100"

json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
operator() { java -jar "$JAR" operator "$@" 2>/dev/null; }
to_ms() { awk '{ v = $1; if (v ~ /us$/) printf "%.2f", v / 1000; else if (v ~ /ms$/) printf "%.2f", v + 0; else printf "%.2f", v * 1000 }'; }

service=
start_service() { # <RATE_LIMIT_ENABLED> <log name>
  RATE_LIMIT_ENABLED=$1 java $(cat jvm.options) -jar "$JAR" > "$WORK/service-$2.log" 2>&1 &
  service=$!
  for _ in $(seq 1 120); do curl -fs "$BASE/health" >/dev/null && return; sleep 0.5; done
  echo "the service did not start; see $WORK/service-$2.log" >&2
  exit 1
}
stop_service() {
  kill "$service"; wait "$service" 2>/dev/null || true; service=
}
trap '[ -z "$service" ] || kill "$service" 2>/dev/null || true' EXIT

# others_busy: the Maven and Java processes of other checkouts (/work/wt-* but this one).
others_busy() {
  ps -eo pid=,args= | grep -E '(java|mvn)' | grep -E '/work/wt-' | grep -v -F "$PWD" | grep -v grep || true
}
wait_until_idle() { # <what comes next>
  local waited=0
  while [ -n "$(others_busy)" ] && [ "$waited" -lt "$IDLE_WAIT_MINUTES" ]; do
    sleep 60
    waited=$(( waited + 1 ))
  done
  local busy
  busy=$(others_busy | wc -l)
  echo "before $1: waited $waited min for other checkouts' builds; $busy of their Maven/Java processes still ran;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# The data set: two organisations of 1,000 completed test orders each (bench/list-depth.sql),
# keys issued and limits set with the operator command line.
start_service true setup
steady_org=$(operator org create --name "bench steady" | json_field id)
flood_org=$(operator org create --name "bench flood" | json_field id)
psql -q -v ON_ERROR_STOP=1 -v org="$steady_org" -v size=1000 -v prefix=1 -f bench/list-depth.sql
psql -q -v ON_ERROR_STOP=1 -v org="$flood_org" -v size=1000 -v prefix=2 -f bench/list-depth.sql
psql -q -c "VACUUM (ANALYZE) orders, properties, applicants"
psql -q -tA -c "SELECT id FROM orders WHERE organization_id = '$steady_org'" > "$WORK/order-ids"
operator rate-limit set --org "$steady_org" --test 1000000 > /dev/null
steady_key=$(operator key issue --org "$steady_org" --mode test | json_field key)
: > "$WORK/flood-keys"
for _ in $(seq 1 8); do operator key issue --org "$flood_org" --mode test | json_field key >> "$WORK/flood-keys"; done
stop_service

# 1. The limiter's cost (BENCH_PARTS=flood skips it).
TICK_US=$(( 1000000 / $(getconf CLK_TCK) ))
ticks_of() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
declare -a ON OFF CPU_ON CPU_OFF
measure_get() { # <RATE_LIMIT_ENABLED>
  start_service "$1" "get-$1"
  BENCH_IDS="$WORK/order-ids" BENCH_PREFIX=/orders/ BENCH_KEY="$steady_key" \
    wrk -t2 -c16 -d"${WARMUP_SECONDS}s" --timeout 10s -s bench/wrk/get.lua "$BASE" > /dev/null
  local ticks
  ticks=$(ticks_of "$service")
  BENCH_IDS="$WORK/order-ids" BENCH_PREFIX=/orders/ BENCH_KEY="$steady_key" \
    wrk -t2 -c16 -d"${RUN_SECONDS}s" --timeout 10s --latency -s bench/wrk/get.lua "$BASE" > "$WORK/get-$1.txt"
  ticks=$(( $(ticks_of "$service") - ticks ))
  stop_service
  if grep -q "Non-2xx" "$WORK/get-$1.txt"; then
    echo "GET /orders/{id} with RATE_LIMIT_ENABLED=$1 answered other than 2xx; see $WORK" >&2
    exit 1
  fi
  local rps p50 p99 cpu
  rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$WORK/get-$1.txt")
  cpu=$(awk -v t="$ticks" -v us="$TICK_US" -v n="$(awk '/requests in/ {print $1}' "$WORK/get-$1.txt")" 'BEGIN { printf "%.0f", t * us / n }')
  p50=$(awk '$1 == "50%" {print $2}' "$WORK/get-$1.txt" | to_ms)
  p99=$(awk '$1 == "99%" {print $2}' "$WORK/get-$1.txt" | to_ms)
  printf '  GET /orders/{id}, limits %-5s %7s req/s   p50 %6s ms   p99 %6s ms   service CPU %4s us/request\n' "$1" "$rps" "$p50" "$p99" "$cpu"
  if [ "$1" = true ]; then ON+=("$rps"); CPU_ON+=("$cpu"); else OFF+=("$rps"); CPU_OFF+=("$cpu"); fi
}
if [ "${BENCH_PARTS:-all}" != flood ]; then
wait_until_idle "the limiter's cost"
for enabled in true false true false; do measure_get "$enabled"; done
mean() { printf '%s\n' "$@" | awk '{ s += $1 } END { printf "%.0f", s / NR }'; }
on=$(mean "${ON[@]}") off=$(mean "${OFF[@]}") cpu_on=$(mean "${CPU_ON[@]}") cpu_off=$(mean "${CPU_OFF[@]}")
echo "  mean: limits on $on req/s ($cpu_on us of service CPU per request), off $off req/s ($cpu_off us);" \
  "rate $(awk -v a="$on" -v b="$off" 'BEGIN { printf "%+.1f", 100 * (a / b - 1) }') %, service CPU per request" \
  "$(awk -v a="$cpu_on" -v b="$cpu_off" 'BEGIN { printf "%+.1f", 100 * (a / b - 1) }') % with the limits (target: a cost under 10 %)"
fi

# 2. The flood.
start_service true flood
echo "$steady_key" > "$WORK/steady-key"
steady() { # <seconds> <output>
  node bench/paced.mjs "$BASE" "$WORK/steady-key" /orders/ "$WORK/order-ids" "$STEADY_RATE" "$1" > "$2"
}
flood() { # <requests per second> <seconds> <output>
  node bench/paced.mjs "$BASE" "$WORK/flood-keys" "/orders?per_page=100&include=property,applicant,original_requester" - \
    "$1" "$2" > "$3"
}
operator rate-limit set --org "$flood_org" --test default > /dev/null
steady "$WARMUP_SECONDS" /dev/null
flood 800 "$WARMUP_SECONDS" /dev/null
wait_until_idle "the flood"
steady "$FLOOD_SECONDS" "$WORK/steady-alone.txt"
flood 800 "$(( FLOOD_SECONDS + 4 ))" "$WORK/flood-a.txt" &
flooding=$!
sleep 2
steady "$FLOOD_SECONDS" "$WORK/steady-flood-a.txt"
wait "$flooding"
operator rate-limit set --org "$flood_org" --test "$FLOOD_LIMIT" > /dev/null
sleep 3
flood $(( 8 * FLOOD_LIMIT )) "$(( FLOOD_SECONDS + 4 ))" "$WORK/flood-b.txt" &
flooding=$!
sleep 2
steady "$FLOOD_SECONDS" "$WORK/steady-flood-b.txt"
wait "$flooding"
stop_service
echo "  steady client alone:          $(cat "$WORK/steady-alone.txt")"
echo "  beside flood (a):             $(cat "$WORK/steady-flood-a.txt")"
echo "    flood (a), 8 keys at 25/s:  $(cat "$WORK/flood-a.txt")"
echo "  beside flood (b):             $(cat "$WORK/steady-flood-b.txt")"
echo "    flood (b), 8 keys at $FLOOD_LIMIT/s: $(cat "$WORK/flood-b.txt")"
echo "(outputs of every run: $WORK)"
