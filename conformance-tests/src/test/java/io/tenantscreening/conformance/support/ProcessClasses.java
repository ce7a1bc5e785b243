package io.tenantscreening.conformance.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.tenantscreening.conformance.support.Waits.await;

/**
 * How the JVMs of the processes a test starts ({@link JarProcess}) find the service's classes:
 * the test class path, and a class data sharing archive of the classes a start of the service
 * loads, which halves the time and CPU of each start. The archive is made once per build, by
 * the first test JVM that starts a process (the others start theirs without it meanwhile):
 * the service is started on a database of its own and stopped, and the JVM writes what it
 * loaded as it exits. A JVM can share classes only from JAR files, so Maven names the test
 * classes' JAR ({@code test.tests-jar}) and where the archive goes ({@code test.class-archive});
 * without them (a test run from an IDE) processes start without an archive.
 */
final class ProcessClasses {

    private static final String CLASS_PATH = classPath();
    private static final Path ARCHIVE = archive();
    private static boolean attempted;

    private ProcessClasses() {
    }

    /** The options of a JVM that runs the service's main class for a test, class path included. */
    static synchronized List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        if (ARCHIVE != null) {
            if (!Files.exists(ARCHIVE) && !attempted) {
                attempted = true;
                makeArchive();
            }
            if (Files.exists(ARCHIVE)) {
                // A JVM that cannot use the archive says so on stdout, where tests read answers; it starts without it all the same.
                options.addAll(List.of("-XX:SharedArchiveFile=" + ARCHIVE, "-Xlog:cds*=off"));
            }
        }
        options.addAll(List.of("-cp", CLASS_PATH));
        return options;
    }

    /** Starts the service with an archive to write at its exit, then stops it; another JVM making it meanwhile wins. */
    private static void makeArchive() {
        Path lock = Path.of(ARCHIVE + ".lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.tryLock()) {
            if (held == null || Files.exists(ARCHIVE)) {
                return;
            }
            Path written = Path.of(ARCHIVE + ".part");
            Files.deleteIfExists(written);
            String database = TestDatabase.create();
            try {
                Map<String, String> environment = new HashMap<>(JarProcess.testDatabaseEnvironment());
                environment.put("DATABASE_URL", TestDatabase.urlOf(database));
                environment.put("PORT", String.valueOf(ServiceProcess.freePort()));
                JarProcess.Started service = JarProcess.startWith(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                        "-XX:ArchiveClassesAtExit=" + written, "-Xlog:cds*=off", "-cp", CLASS_PATH), environment);
                await("the service started to record its classes", Duration.ofSeconds(60))
                        .until(() -> service.stdout().contains(ServiceProcess.READY) || !service.process().isAlive());
                service.process().destroy();
                if (service.process().waitFor(60, TimeUnit.SECONDS) && Files.size(written) > 0) {
                    Files.move(written, ARCHIVE, StandardCopyOption.ATOMIC_MOVE);
                }
            } finally {
                TestDatabase.drop(database);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The test class path, with the test classes' JAR in place of their directory when Maven made one. */
    private static String classPath() {
        String tests = System.getProperty("test.tests-jar");
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            boolean testClasses = Path.of(entry).endsWith(Path.of("target", "test-classes"));
            entries.add(testClasses && tests != null && Files.exists(Path.of(tests)) ? tests : entry);
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Where the archive is, or null when this class path cannot have one (it holds a directory with classes). */
    private static Path archive() {
        String archive = System.getProperty("test.class-archive");
        if (archive == null) {
            return null;
        }
        for (String entry : CLASS_PATH.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path) && !isEmpty(path)) {
                return null;
            }
        }
        return Path.of(archive);
    }

    private static boolean isEmpty(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
