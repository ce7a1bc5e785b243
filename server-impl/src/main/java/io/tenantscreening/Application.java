package io.tenantscreening;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import io.tenantscreening.operator.OperatorCommand;

import java.util.Arrays;

/**
 * Entry point of the jar: {@code java -jar service.jar} runs the HTTP service,
 * {@code java -jar service.jar operator ...} runs the operator command line.
 */
public class Application extends Micronaut {

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("operator")) {
            System.exit(OperatorCommand.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        new Application().mainClass(Application.class).args(args).banner(false).start();
    }

    /** One clear line instead of a page of stack trace, then a non-zero exit. */
    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        System.err.println("tenant-screening: cannot start: " + StartupFailure.describe(exception));
        System.exit(1);
    }
}
