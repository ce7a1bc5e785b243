# A class archive (AppCDS) for the jar, sourced by ./run and the benchmark: the JVM maps the
# service's classes from it instead of loading and verifying them from the jar, which
# roughly halves the time to the first answer.
# class_archive_options <jar>: the JVM options for a start of the jar. When the archive
# (<jar without .jar>.jsa) is there and newer than the jar: -XX:SharedArchiveFile, to use
# it. Otherwise -XX:ArchiveClassesAtExit: this start records it (Java 17 writes it as the
# JVM exits, after Ctrl-C or SIGTERM; it takes a few seconds then), for the starts after it,
# without its warnings about the old class files it leaves out.
class_archive_options() {
  local jar=$1 archive="${1%.jar}.jsa"
  if [ -f "$archive" ] && [ "$jar" -ot "$archive" ]; then
    echo "-XX:SharedArchiveFile=$archive"
  else
    rm -f "$archive"
    echo "This start records the class archive $archive when it stops; later starts use it." >&2
    echo "-XX:ArchiveClassesAtExit=$archive -Xlog:cds=error"
  fi
}
