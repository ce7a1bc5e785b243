#!/usr/bin/env bash
# Benchmark (not a test): latency of POST /orders in live mode with an inline property and
# applicant (new street, new Idempotency-Key per request) under 16 concurrent clients
# (BENCH_CONCURRENCY). Each order runs the whole transaction: idempotency claim, property,
# applicant with sealed SSN, order, audit row, charge through the built-in gateway.
# Reports autocannon's median and p99 after a warm-up run.
#
# Needs: the jar (./mvnw -q -DskipTests package), PostgreSQL reachable as for the service
# (the role must be allowed to create databases), Node.js with npm (installs autocannon
# into bench/node_modules). Uses its own database (BENCH_DATABASE, default
# screening_bench_orders) and port (BENCH_PORT).
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=server-impl/target/server-impl-1.0.0-SNAPSHOT-all.jar
PORT=${BENCH_PORT:-8182}
DB=${BENCH_DATABASE:-screening_bench_orders}
REQUESTS=${BENCH_REQUESTS:-5000}
WARMUP=${BENCH_WARMUP:-2000}
CONCURRENCY=${BENCH_CONCURRENCY:-16}
export PGHOST=127.0.0.1 PGPORT=5432 PGUSER=${DATABASE_USER:-screening} PGPASSWORD=${DATABASE_PASSWORD:-}
export DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" SCREENING_ENVIRONMENT=production PORT PUBLIC_BASE_URL="http://localhost:$PORT"
SCREENING_KEYS="bench:$(head -c 32 /dev/urandom | base64)"
export SCREENING_KEYS

[ -f "$JAR" ] || { echo "build the jar first: ./mvnw -q -DskipTests package" >&2; exit 1; }
(cd bench && npm ci --no-audit --no-fund --silent)

psql -q -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
java $(cat jvm.options) -jar "$JAR" > /tmp/bench-orders-service.log 2>&1 &
service=$!
trap 'kill $service 2>/dev/null' EXIT
for _ in $(seq 1 60); do curl -fs "localhost:$PORT/openapi.yaml" >/dev/null && break; sleep 0.5; done

json_field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
org=$(java -jar "$JAR" operator org create --name "bench orders" 2>/dev/null | json_field id)
java -jar "$JAR" operator billing set --org "$org" --payment-method ok >/dev/null 2>&1
key=$(java -jar "$JAR" operator key issue --org "$org" --mode live 2>/dev/null | json_field key)

node bench/place-orders.mjs "http://localhost:$PORT" "$key" "$WARMUP" "$CONCURRENCY" >/dev/null
echo "warm-up: $WARMUP orders"
echo "POST /orders, $CONCURRENCY clients: $(node bench/place-orders.mjs "http://localhost:$PORT" "$key" "$REQUESTS" "$CONCURRENCY")"
psql -q -d "$DB" -tA -c "SELECT 'orders=' || (SELECT count(*) FROM orders) || ' charges=' || (SELECT count(*) FROM charges) || ' idempotency_keys=' || (SELECT count(*) FROM idempotency_keys)"
echo "resident memory of the service at the end: $(( $(ps -o rss= -p "$service") / 1024 )) MB (jvm.options)"
