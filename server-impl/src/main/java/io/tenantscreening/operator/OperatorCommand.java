package io.tenantscreening.operator;

import io.micronaut.context.ApplicationContext;
import io.tenantscreening.StartupFailure;
import io.tenantscreening.common.Environments;
import io.tenantscreening.persistence.Migrations;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.Optional;

/**
 * The operator command line: manages organisations, API keys, billing state, rate limits,
 * original requesters and sealing keys, shows background work, and records disputes received by
 * mail or telephone, directly in the database (never through the public API) and
 * prints JSON on stdout for scripts. Commands that seal nothing need no SCREENING_KEYS.
 * Logs go to stderr so stdout stays parseable.
 */
@Command(name = "operator", mixinStandardHelpOptions = true,
        description = "Manage organisations, API keys, billing state, rate limits, original requesters and sealing keys; "
                + "inspect background work; record disputes received by mail or telephone. Prints JSON on stdout.",
        subcommands = {OrganizationCommands.class, KeyCommands.class, BillingCommands.class, RateLimitCommands.class,
                RequesterCommands.class, SealingKeyCommands.class, WorkCommands.class, DisputeCommands.class})
public class OperatorCommand {

    public static int run(String[] args) {
        System.setProperty("LOG_TARGET", "System.err");
        ApplicationContext context;
        try {
            context = ApplicationContext.builder().deduceEnvironment(false).environments(Environments.OPERATOR).start();
        } catch (RuntimeException e) {
            System.err.println("operator: cannot start: " + StartupFailure.describe(e));
            return 1;
        }
        try (context) {
            try {
                context.getBean(Migrations.class).apply();
            } catch (RuntimeException e) {
                System.err.println("operator: cannot start: " + StartupFailure.describe(e));
                return 1;
            }
            CommandLine commandLine = new CommandLine(new OperatorCommand(), new ContextFactory(context));
            commandLine.setExecutionExceptionHandler((exception, cmd, parsed) -> {
                cmd.getErr().println("operator: " + exception.getMessage());
                return 1;
            });
            return commandLine.execute(args);
        }
    }

    /** Lets picocli obtain subcommands as beans, so they can use the services. */
    private record ContextFactory(ApplicationContext context) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            Optional<K> bean = context.findOrInstantiateBean(type);
            return bean.isPresent() ? bean.get() : CommandLine.defaultFactory().create(type);
        }
    }
}
