package io.tenantscreening.conformance.support;

import io.tenantscreening.persistence.Migrations;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database every test database is copied from ({@code CREATE DATABASE … TEMPLATE …}):
 * the service's migrations applied once per build, so that a test class gets a migrated
 * database in a tenth of a second. Maven makes it before the conformance tests and drops it,
 * with every copy, after them ({@link #main}); the tests learn its name from the file that
 * {@code test.template-database.file} names. A JVM started without that file (a test run from
 * an IDE) makes a template of its own and drops it when it exits.
 *
 * <p>Names are {@code screening_test_<second made, base 36>_<random>}, copies add
 * {@code _<random>}: two builds on one PostgreSQL never meet, and a build that was killed
 * leaves databases that the next build's start drops once they are half a day old and unused.
 */
public final class TemplateDatabase {

    private static final String PREFIX = "screening_test_";
    private static final Pattern MADE = Pattern.compile("screening_test_([0-9a-z]+)_[0-9a-z]+(_[0-9a-z]+)?");
    private static final Duration ABANDONED = Duration.ofHours(12);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static String name;

    private TemplateDatabase() {
    }

    /**
     * {@code create <file>}: sweeps abandoned test databases, makes and migrates a template
     * and writes its name to the file. {@code drop <file>}: drops the template the file names
     * and every copy of it, and deletes the file.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !List.of("create", "drop").contains(args[0])) {
            throw new IllegalArgumentException("usage: TemplateDatabase create|drop <file>");
        }
        Path file = Path.of(args[1]);
        if (args[0].equals("create")) {
            dropAbandoned();
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, make());
        } else if (Files.exists(file)) {
            dropWithCopies(checked(Files.readString(file).strip()));
            Files.delete(file);
        }
    }

    /** The template of this build (or of this JVM, outside a build). */
    static synchronized String name() {
        if (name == null) {
            name = ofBuild();
            if (name == null) {
                String own = make();
                JvmExit.undo(() -> dropWithCopies(own));
                name = own;
            }
        }
        return name;
    }

    /** A new name for a copy of this template. */
    static String newName(String template) {
        return template + "_" + random();
    }

    /** The name, after checking that it is one of the names made here (so it can be put in a statement). */
    static String checked(String database) {
        if (!MADE.matcher(database).matches()) {
            throw new IllegalArgumentException("not a test database: " + database);
        }
        return database;
    }

    private static String ofBuild() {
        String file = System.getProperty("test.template-database.file");
        if (file == null || !Files.exists(Path.of(file))) {
            return null;
        }
        try {
            String built = checked(Files.readString(Path.of(file)).strip());
            boolean exists = !TestDatabase.administrativeRows("SELECT 1 FROM pg_database WHERE datname = ?", built).isEmpty();
            return exists ? built : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String make() {
        String template = PREFIX + Long.toString(Instant.now().getEpochSecond(), 36) + "_" + random();
        TestDatabase.administer("CREATE DATABASE " + template);
        Migrations.settings().dataSource(TestDatabase.urlOf(template), TestDatabase.user(), TestDatabase.password()).load().migrate();
        return template;
    }

    private static void dropWithCopies(String template) {
        for (List<Object> row : TestDatabase.administrativeRows(
                "SELECT datname FROM pg_database WHERE datname LIKE ? ORDER BY length(datname) DESC", template.replace("_", "\\_") + "%")) {
            TestDatabase.drop((String) row.get(0));
        }
    }

    /** Databases of killed builds: made here, over half a day ago, and without a connection now. */
    private static void dropAbandoned() {
        long before = Instant.now().minus(ABANDONED).getEpochSecond();
        for (List<Object> row : TestDatabase.administrativeRows("SELECT datname FROM pg_database d WHERE datname LIKE 'screening\\_test\\_%' "
                + "AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datid = d.oid)")) {
            Matcher made = MADE.matcher((String) row.get(0));
            if (made.matches() && Long.parseLong(made.group(1), 36) < before) {
                TestDatabase.drop(made.group());
            }
        }
    }

    private static String random() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            text.append(Character.forDigit(RANDOM.nextInt(36), 36));
        }
        return text.toString().toLowerCase(Locale.ROOT);
    }
}
