package io.tenantscreening;

import com.github.kagkarlsson.scheduler.Scheduler;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.ApplicationEventPublisher;
import io.micronaut.context.event.StartupEvent;
import io.tenantscreening.common.Environments;
import io.tenantscreening.common.StartProgress;
import io.tenantscreening.contract.ContractParsing;
import io.tenantscreening.contract.ContractValidator;
import io.tenantscreening.crypto.SealingKeyCheck;
import io.tenantscreening.persistence.Migrations;
import io.tenantscreening.persistence.MigrationsApplied;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;

/**
 * The part of the start that needs the database, run on a thread of its own while the HTTP
 * server starts, so that the instance answers GET /health without waiting for it: the
 * parsing of openapi.yaml for the request checks (on two threads of its own, {@link
 * ContractParsing}), the migrations, the check that SCREENING_KEYS holds every key that
 * sealed stored data, and the background workers with the beans of their work. Until it has finished, GET
 * /health/readiness answers 503 and other requests wait for it (web.StartGate;
 * docs/operators.md#starting). When it fails, the instance exits as a failed start does: one
 * line on stderr, exit code 1.
 */
@Singleton
@Requires(notEnv = Environments.OPERATOR)
public class BackgroundStart implements ApplicationEventListener<StartupEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(BackgroundStart.class);

    private final ApplicationContext context;
    private final BeanProvider<Migrations> migrations;
    private final BeanProvider<SealingKeyCheck> sealingKeys;
    private final BeanProvider<Scheduler> workers;
    private final StartProgress progress;
    private final BeanProvider<ContractValidator> contract;
    private final ApplicationEventPublisher<MigrationsApplied> migrated;

    public BackgroundStart(ApplicationContext context, BeanProvider<Migrations> migrations, BeanProvider<SealingKeyCheck> sealingKeys,
                           BeanProvider<Scheduler> workers, StartProgress progress, BeanProvider<ContractValidator> contract,
                           ApplicationEventPublisher<MigrationsApplied> migrated) {
        this.context = context;
        this.migrations = migrations;
        this.sealingKeys = sealingKeys;
        this.workers = workers;
        this.progress = progress;
        this.contract = contract;
        this.migrated = migrated;
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        Thread thread = new Thread(this::start, "background-start");
        thread.setDaemon(true);
        thread.start();
    }

    private void start() {
        try {
            long began = System.nanoTime();
            ContractParsing.start();
            migrations.get().apply();
            migrated.publishEvent(new MigrationsApplied());
            sealingKeys.get();
            long migratedAt = System.nanoTime();
            workers.get();
            long workersAt = System.nanoTime();
            contract.get();
            long parsedAt = System.nanoTime();
            progress.finish();
            LOG.info("Ready: the database has every migration and the background workers run ({} ms after the JVM started;"
                            + " migrations {} ms, workers {} ms, then the contract's parsing {} ms more).",
                    ManagementFactory.getRuntimeMXBean().getUptime(), millis(began, migratedAt), millis(migratedAt, workersAt),
                    millis(workersAt, parsedAt));
        } catch (RuntimeException | Error failure) {
            if (context.isRunning()) {
                System.err.println("tenant-screening: cannot start: " + StartupFailure.describe(failure));
                System.exit(1);
            }
        }
    }

    private static long millis(long from, long to) {
        return (to - from) / 1_000_000;
    }
}
