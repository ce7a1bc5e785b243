#!/usr/bin/env bash
# Benchmark (not a test): latency of GET /properties?per_page=100 with 1,000 and with
# 1,000,000 properties in one organisation and mode, for the newest page and for a page
# up to 50 pages deep (page 10, the last, at 1,000). Reports hey's median (50%) and p99 latencies.
#
# Needs: the jar (./mvnw -q -DskipTests package), PostgreSQL reachable as for the service
# (the role must be allowed to create databases), and hey (apt-get install hey).
# Uses its own database (BENCH_DATABASE, default screening_bench) and port (BENCH_PORT).
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8181}
DB=${BENCH_DATABASE:-screening_bench}
REQUESTS=${BENCH_REQUESTS:-2000}
CONCURRENCY=${BENCH_CONCURRENCY:-4}
export PGHOST=127.0.0.1 PGPORT=5432 PGUSER=${DATABASE_USER:-screening} PGPASSWORD=${DATABASE_PASSWORD:-}
export DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" SCREENING_ENVIRONMENT=production PORT PUBLIC_BASE_URL="http://localhost:$PORT"

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests package" >&2; exit 1; }
command -v hey >/dev/null || { echo "hey is missing: apt-get install hey" >&2; exit 1; }

psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
export PGDATABASE=$DB
java $(cat jvm.options) -jar "$JAR" > /tmp/bench-service.log 2>&1 &
service=$!
trap 'kill $service 2>/dev/null' EXIT
for _ in $(seq 1 60); do curl -fs "localhost:$PORT/openapi.yaml" >/dev/null && break; sleep 0.5; done

json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }

latencies() { # url key -> "median=...ms p99=...ms"
  hey -n 1000 -c "$CONCURRENCY" -H "Authorization: Bearer $2" "$1" >/dev/null
  hey -n "$REQUESTS" -c "$CONCURRENCY" -H "Authorization: Bearer $2" "$1" |
    awk '/ 50% in/ {m=$3*1000} / 99% in/ {p=$3*1000} /\[200\]/ {ok=$2}
         END {printf "median=%.2fms p99=%.2fms (200 responses: %s)\n", m, p, ok}'
}

for size in 1000 1000000; do
  org=$(java -jar "$JAR" operator org create --name "bench $size" 2>/dev/null | json_field id)
  key=$(java -jar "$JAR" operator key issue --org "$org" --mode test 2>/dev/null | json_field key)
  started=$(date +%s)
  psql -q -c "
    INSERT INTO properties (id, organization_id, mode, name, street, unit, city, state, zipcode, address_key, created_at)
    SELECT 'pr_test_' || lpad(($size::bigint * 10000000 + g)::text, 24, '0'), '$org', 'test', NULL, g || ' Bench Street', NULL, 'Portland', 'OR', '97201',
           g || ' bench street' || chr(31) || chr(31) || 'portland' || chr(31) || 'or' || chr(31) || '97201',
           now() - g * interval '1 millisecond'
    FROM generate_series(1, $size) g;
    ANALYZE properties;"
  echo "loaded $size properties in $(( $(date +%s) - started )) s"
  first="http://localhost:$PORT/properties?per_page=100"
  deep=$first
  depth=1
  while [ $depth -lt 50 ]; do
    next=$(curl -fs -H "Authorization: Bearer $key" "$deep" | json_field next_href)
    [ -n "$next" ] || break
    deep=$next
    depth=$((depth + 1))
  done
  echo "size=$size page=1 $(latencies "$first" "$key")"
  echo "size=$size page=$depth $(latencies "$deep" "$key")"
done
echo "resident memory of the service at the end: $(( $(ps -o rss= -p "$service") / 1024 )) MB (jvm.options)"
