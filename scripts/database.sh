# A PostgreSQL database (and OS packages) for ./run and ./run test, and so for .ci/run;
# sourced by ./run.
# ensure_test_server: exports DATABASE_URL (the server's database postgres), DATABASE_USER and
#   DATABASE_PASSWORD for the tests, which make and drop databases of their own on that server,
#   and checks that the role may create databases.
# ensure_database <database>: exports DATABASE_URL, DATABASE_USER and DATABASE_PASSWORD for it.
#  1. DATABASE_URL set: it is used as it is.
#  2. Otherwise a server on 127.0.0.1:5432 where the role (DATABASE_USER, screening) can
#     log in: the database is created there when missing.
#  3. Otherwise a private cluster of this checkout in .postgres/ on 127.0.0.1:5499, made with
#     the operating system's PostgreSQL (installed from the OS packages when missing; as
#     root the cluster belongs to the postgres user), with the role and the database. When
#     the port already serves another cluster (another checkout's), that one is used and named.
PRIVATE_DIR="$PWD/.postgres"
PRIVATE_PORT=5499

ensure_database() {
  local database=$1
  export DATABASE_USER="${DATABASE_USER:-screening}" DATABASE_PASSWORD="${DATABASE_PASSWORD:-screening}"
  if [ -n "${DATABASE_URL:-}" ]; then
    return
  fi
  if PGPASSWORD="$DATABASE_PASSWORD" PGCONNECT_TIMEOUT=3 psql -h 127.0.0.1 -p 5432 -U "$DATABASE_USER" -d postgres -Atqc "SELECT 1" \
      >/dev/null 2>&1; then
    create_database 5432 "$database"
    export DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$database"
    return
  fi
  start_private_cluster
  create_database "$PRIVATE_PORT" "$database"
  export DATABASE_URL="jdbc:postgresql://127.0.0.1:$PRIVATE_PORT/$database"
}

ensure_test_server() {
  ensure_database postgres
  local url="${DATABASE_URL#jdbc:}"
  if [ "$(PGPASSWORD="$DATABASE_PASSWORD" psql "${url%%\?*}" -U "$DATABASE_USER" -Atqc \
      "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user" 2>/dev/null)" != t ]; then
    echo "The tests make a database of their own for each test class, but the role $DATABASE_USER cannot create" \
      "databases at $DATABASE_URL. Allow it (ALTER ROLE $DATABASE_USER CREATEDB) or point DATABASE_URL at another server." >&2
    return 1
  fi
}

create_database() {
  local port=$1 database=$2
  if [ -z "$(PGPASSWORD="$DATABASE_PASSWORD" psql -h 127.0.0.1 -p "$port" -U "$DATABASE_USER" -d postgres -Atqc \
      "SELECT 1 FROM pg_database WHERE datname = '$database'")" ]; then
    PGPASSWORD="$DATABASE_PASSWORD" createdb -h 127.0.0.1 -p "$port" -U "$DATABASE_USER" "$database"
  fi
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# install_packages <package>...: from the OS packages, as root or with sudo.
install_packages() {
  echo "Installing from the OS packages: $*" >&2
  local as=()
  [ "$(id -u)" = 0 ] || as=(sudo)
  "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

start_private_cluster() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then
    install_packages postgresql
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  if [ ! -f "$PRIVATE_DIR/data/PG_VERSION" ]; then
    mkdir -p "$PRIVATE_DIR"
    [ "$(id -u)" = 0 ] && chown postgres: "$PRIVATE_DIR"
    as_owner "$bin/initdb" -D "$PRIVATE_DIR/data" -U postgres --auth=trust >/dev/null
  fi
  if ! pg_isready -q -h 127.0.0.1 -p "$PRIVATE_PORT"; then
    as_owner "$bin/pg_ctl" -D "$PRIVATE_DIR/data" -l "$PRIVATE_DIR/server.log" -w start \
      -o "-p $PRIVATE_PORT -c listen_addresses=127.0.0.1 -k $PRIVATE_DIR" >/dev/null
  fi
  psql -h 127.0.0.1 -p "$PRIVATE_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -q <<SQL
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$DATABASE_USER') THEN
    CREATE ROLE "$DATABASE_USER" LOGIN CREATEDB PASSWORD '$DATABASE_PASSWORD';
  END IF;
END
\$\$;
SQL
  local serving
  serving=$(psql -h 127.0.0.1 -p "$PRIVATE_PORT" -U postgres -d postgres -Atqc "SHOW data_directory")
  if [ "$serving" -ef "$PRIVATE_DIR/data" ]; then
    echo "Using the private PostgreSQL of this checkout: $PRIVATE_DIR, port $PRIVATE_PORT." >&2
  else
    echo "Port $PRIVATE_PORT already serves a PostgreSQL that is not this checkout's (its data: $serving): using it." \
      "Stop it to have this checkout start its own." >&2
  fi
  echo "Stop it with: $( [ "$(id -u)" = 0 ] && echo 'runuser -u postgres -- ')$bin/pg_ctl -D $serving stop" >&2
}
