# A class archive (AppCDS) for the jar, sourced by ./run and the benchmarks: the JVM maps
# the classes of the service from it instead of loading and verifying them from the jar,
# which roughly halves the time to the first answer.
# class_archive_option <jar>: prints -XX:SharedArchiveFile=<jar without .jar>.jsa, first
# recording the archive when it is missing or older than the jar: one start of the service
# (same environment, a random port) that answers GET /health and stops; Java 17 writes the
# archive as the JVM exits. Prints nothing when no archive could be made (the service then
# starts without one, only slower).
class_archive_option() {
  local jar=$1 archive="${1%.jar}.jsa" log pid port
  if [ ! -f "$archive" ] || [ "$archive" -ot "$jar" ]; then
    rm -f "$archive"
    echo "Recording the class archive $archive (one start of the service, once per build)." >&2
    log=$(mktemp)
    # shellcheck disable=SC2046
    PORT=-1 java $(cat jvm.options) -XX:ArchiveClassesAtExit="$archive" -jar "$jar" > "$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do
      port=$(sed -n 's|.*Server Running: http://[^:]*:\([0-9]*\).*|\1|p' "$log")
      [ -n "$port" ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    [ -z "$port" ] || curl -s -o /dev/null "http://127.0.0.1:$port/health" || true
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "$log"
  fi
  if [ -f "$archive" ]; then
    echo "-XX:SharedArchiveFile=$archive"
  fi
}
