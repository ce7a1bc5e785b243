#!/usr/bin/env bash
# The benchmark of the traces' cost (not a test; docs/performance.md#traces): GET /orders/{id}
# and POST /orders (test orders, which complete with their screening, report and events in
# background work) at 16 connections (wrk, 2 threads), with the service started with traces
# off (no OTEL_EXPORTER_OTLP_ENDPOINT) and on (exported to a sink on loopback that answers
# 200 to every export, OTEL_TRACES_SAMPLER=parentbased_traceidratio with
# OTEL_TRACES_SAMPLER_ARG=0.1) in turn, twice each (off, on, off, on). With BENCH_BASELINE_JAR
# (a jar built without the tracing module, e.g. from the commit before it), that build is a
# third setting, "none", with a database of its own: none, off, on, none, off, on. Each start
# warms each operation up for BENCH_WARMUP_SECONDS (30) before a measured run of
# BENCH_SECONDS (15). Prints each run with the service's CPU time per request (steadier than
# the rate on a shared machine) and the means of each setting. Builds nothing: build the jar
# first (./mvnw -q -DskipTests package). About eight minutes on two cores (twelve with a
# baseline). Finds or makes its PostgreSQL as ./run does; drops and recreates
# screening_bench_traces (and screening_bench_traces_baseline); ports BENCH_PORT (8186) and
# BENCH_SINK_PORT (4319). Needs wrk (from the OS packages) and Node.js.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/database.sh
. scripts/database.sh

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8186}
SINK_PORT=${BENCH_SINK_PORT:-4319}
DB=screening_bench_traces
BASELINE_JAR=${BENCH_BASELINE_JAR:-}
SETTINGS="off on off on"
[ -z "$BASELINE_JAR" ] || SETTINGS="none off on none off on"
RUN_SECONDS=${BENCH_SECONDS:-15}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-30}
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d /tmp/bench-tracing.XXXXXX)

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests package" >&2; exit 1; }
[ -z "$BASELINE_JAR" ] || [ -f "$BASELINE_JAR" ] || { echo "BENCH_BASELINE_JAR: no file $BASELINE_JAR" >&2; exit 1; }
command -v wrk >/dev/null 2>&1 || install_packages wrk

ensure_database postgres
pg_port=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<<"$DATABASE_URL")
export PGHOST=127.0.0.1 PGPORT=$pg_port PGUSER=$DATABASE_USER PGPASSWORD=$DATABASE_PASSWORD
export SCREENING_ENVIRONMENT=production PORT
export PUBLIC_BASE_URL="http://localhost:$PORT" SCREENING_KEYS="bench:$(head -c 32 /dev/urandom | base64)"
export AGENCY_NAME="Bench Screening Agency (fictitious)" AGENCY_ADDRESS="1 Bench Road, Austin, TX 78701" AGENCY_PHONE="1-800-555-0100"
export RATE_LIMIT_ENABLED=false

json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
jar_of() { if [ "$1" = none ]; then echo "$BASELINE_JAR"; else echo "$JAR"; fi; }
database_of() { if [ "$1" = none ]; then echo "${DB}_baseline"; else echo "$DB"; fi; }
url_of() { echo "jdbc:postgresql://127.0.0.1:$pg_port/$(database_of "$1")"; }
operator() { DATABASE_URL=$(url_of "$1") java -jar "$(jar_of "$1")" operator "${@:2}" 2>/dev/null; }
to_ms() { awk '{ v = $1; if (v ~ /us$/) printf "%.2f", v / 1000; else if (v ~ /ms$/) printf "%.2f", v + 0; else printf "%.2f", v * 1000 }'; }

# The OTLP sink: answers 200 to every export and keeps nothing.
node -e "require('http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(200, {'content-type': 'application/x-protobuf'}); s.end(); }); }).listen($SINK_PORT, '127.0.0.1')" &
sink=$!
service=
trap '[ -z "$service" ] || kill "$service" 2>/dev/null || true; kill "$sink" 2>/dev/null || true' EXIT

start_service() { # <none|off|on> <round>
  if [ "$1" = on ]; then
    DATABASE_URL=$(url_of "$1") OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$SINK_PORT" OTEL_TRACES_SAMPLER=parentbased_traceidratio \
      OTEL_TRACES_SAMPLER_ARG=0.1 java $(cat jvm.options) -jar "$JAR" > "$WORK/service-$1-$2.log" 2>&1 &
  else
    DATABASE_URL=$(url_of "$1") java $(cat jvm.options) -jar "$(jar_of "$1")" > "$WORK/service-$1-$2.log" 2>&1 &
  fi
  service=$!
  for _ in $(seq 1 120); do curl -fs "$BASE/health" >/dev/null && return; sleep 0.5; done
  echo "the service did not start; see $WORK/service-$1-$2.log" >&2
  exit 1
}
stop_service() {
  kill "$service"; wait "$service" 2>/dev/null || true; service=
}

# The data set of each database: 1,000 completed test orders of one organisation
# (bench/list-depth.sql) to read.
declare -A KEY
prepare() { # <none|off>
  local database org
  database=$(database_of "$1")
  psql -q -d postgres -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database" 2>/dev/null
  start_service "$1" setup
  org=$(operator "$1" org create --name "bench traces" | json_field id)
  psql -q -d "$database" -v ON_ERROR_STOP=1 -v org="$org" -v size=1000 -v prefix=1 -f bench/list-depth.sql
  psql -q -d "$database" -c "VACUUM (ANALYZE) orders, properties, applicants"
  psql -q -d "$database" -tA -c "SELECT id FROM orders WHERE organization_id = '$org'" > "$WORK/order-ids-$database"
  KEY[$database]=$(operator "$1" key issue --org "$org" --mode test | json_field key)
  stop_service
}
prepare off
[ -z "$BASELINE_JAR" ] || prepare none

TICK_US=$(( 1000000 / $(getconf CLK_TCK) ))
ticks_of() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
declare -A RATE CPU
run() { # <name> <label> <on|off> <seconds> <env...>: one wrk run; records its rate and CPU per request
  local name=$1 label=$2 setting=$3 seconds=$4
  shift 4
  local ticks
  ticks=$(ticks_of "$service")
  env "$@" wrk -t2 -c16 -d"${seconds}s" --timeout 10s --latency -s "bench/wrk/$name" "$BASE" > "$WORK/run.txt"
  ticks=$(( $(ticks_of "$service") - ticks ))
  [ "$seconds" = "$RUN_SECONDS" ] || return 0
  if grep -q "Non-2xx" "$WORK/run.txt"; then
    echo "$label with traces $setting answered other than 2xx; see $WORK" >&2
    exit 1
  fi
  local rps p50 p99 cpu
  rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$WORK/run.txt")
  cpu=$(awk -v t="$ticks" -v us="$TICK_US" -v n="$(awk '/requests in/ {print $1}' "$WORK/run.txt")" 'BEGIN { printf "%.0f", t * us / n }')
  p50=$(awk '$1 == "50%" {print $2}' "$WORK/run.txt" | to_ms)
  p99=$(awk '$1 == "99%" {print $2}' "$WORK/run.txt" | to_ms)
  printf '  %-18s traces %-3s %6s req/s   p50 %6s ms   p99 %6s ms   service CPU %5s us/request\n' "$label" "$setting" "$rps" "$p50" "$p99" "$cpu"
  RATE[$label,$setting]="${RATE[$label,$setting]:-} $rps"
  CPU[$label,$setting]="${CPU[$label,$setting]:-} $cpu"
}
measure() { # <none|off|on> <round>
  local database
  database=$(database_of "$1")
  start_service "$1" "$2"
  for seconds in "$WARMUP_SECONDS" "$RUN_SECONDS"; do
    run get.lua "GET /orders/{id}" "$1" "$seconds" BENCH_IDS="$WORK/order-ids-$database" BENCH_PREFIX=/orders/ BENCH_KEY="${KEY[$database]}"
  done
  for seconds in "$WARMUP_SECONDS" "$RUN_SECONDS"; do
    run post.lua "POST /orders (test)" "$1" "$seconds" BENCH_KEY="${KEY[$database]}" BENCH_KIND=test-order BENCH_RUN="$2$1$seconds$(date +%s)"
  done
  stop_service
}
round=0
for setting in $SETTINGS; do
  round=$(( round + 1 ))
  measure "$setting" "$round"
done
mean() { awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i; printf "%.0f", s / NF }' <<<"$1"; }
change() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f", 100 * (a / b - 1) }'; }
for label in "GET /orders/{id}" "POST /orders (test)"; do
  on=$(mean "${RATE[$label,on]}") off=$(mean "${RATE[$label,off]}")
  cpu_on=$(mean "${CPU[$label,on]}") cpu_off=$(mean "${CPU[$label,off]}")
  echo "  $label, mean: traces off $off req/s ($cpu_off us of service CPU per request), on at 10 % $on req/s ($cpu_on us);" \
    "rate $(change "$on" "$off") %, service CPU per request $(change "$cpu_on" "$cpu_off") % with traces on"
  if [ -n "$BASELINE_JAR" ]; then
    none=$(mean "${RATE[$label,none]}") cpu_none=$(mean "${CPU[$label,none]}")
    echo "  $label, mean: baseline build $none req/s ($cpu_none us); traces off against it: rate $(change "$off" "$none") %," \
      "service CPU per request $(change "$cpu_off" "$cpu_none") %"
  fi
done
echo "(outputs of every run: $WORK)"
