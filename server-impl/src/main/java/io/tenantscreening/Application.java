package io.tenantscreening;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import io.tenantscreening.operator.OperatorCommand;
import io.tenantscreening.tracing.TraceLogContext;

import java.util.Arrays;

/**
 * Entry point of the jar: {@code java -jar service.jar} runs the HTTP service,
 * {@code java -jar service.jar operator ...} runs the operator command line. Nothing here
 * logs before the command line has sent logging to stderr (its stdout is JSON only), nor
 * before LOG_FORMAT is known to name a format of logback.xml.
 */
public final class Application {

    private Application() {
    }

    public static void main(String[] args) {
        String logFormat = System.getenv().getOrDefault("LOG_FORMAT", "text");
        if (!logFormat.equals("text") && !logFormat.equals("json")) {
            System.err.println("tenant-screening: cannot start: LOG_FORMAT must be text or json, not '" + logFormat + "'");
            System.exit(1);
        }
        if (args.length > 0 && args[0].equals("operator")) {
            System.exit(OperatorCommand.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        TraceLogContext.install();
        new Launcher().mainClass(Application.class).args(args).banner(false).start();
    }

    /** Micronaut's launcher, answering a failed start with one clear line instead of a page of stack trace. */
    private static final class Launcher extends Micronaut {

        @Override
        protected void handleStartupException(Environment environment, Throwable exception) {
            System.err.println("tenant-screening: cannot start: " + StartupFailure.describe(exception));
            System.exit(1);
        }
    }
}
