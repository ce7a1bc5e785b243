package io.tenantscreening;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import io.tenantscreening.contract.ContractParsing;
import io.tenantscreening.operator.OperatorCommand;
import io.tenantscreening.tracing.TraceLogContext;

import java.util.Arrays;

/**
 * Entry point of the jar: {@code java -jar service.jar} runs the HTTP service,
 * {@code java -jar service.jar operator ...} runs the operator command line. Nothing here
 * logs before the command line has sent logging to stderr (its stdout is JSON only).
 */
public final class Application {

    private Application() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("operator")) {
            System.exit(OperatorCommand.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        TraceLogContext.install();
        ContractParsing.start();
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
