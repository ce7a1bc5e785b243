package io.tenantscreening.conformance.support;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a test JVM must undo when it exits, undone in one shutdown hook in the reverse order of
 * registration (the JVM would run separate hooks at once): the shared server stops before its
 * database is dropped, and copies before their template.
 */
final class JvmExit {

    private static final Deque<Runnable> UNDO = new ArrayDeque<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(JvmExit::undoAll, "test-jvm-exit"));
    }

    private JvmExit() {
    }

    static synchronized void undo(Runnable action) {
        UNDO.push(action);
    }

    private static synchronized void undoAll() {
        while (!UNDO.isEmpty()) {
            UNDO.pop().run();
        }
    }
}
