package io.tenantscreening.conformance.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.exceptions.NoSuchBeanException;
import io.micronaut.runtime.server.EmbeddedServer;
import io.tenantscreening.common.StartProgress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The application under test: the real service, started in this JVM on a free port over a
 * real PostgreSQL database (through {@link CountingDriver}) when a test first asks for it.
 * Test classes of one JVM run one after another and share one server on one database,
 * isolated by organisation ({@link FreshTenants}); a class marked {@link OwnDatabase} gets a
 * database of its own instead, and a server of its own on it, whose clock it may move
 * ({@link #clock()}). What the methods here answer is the running class's server.
 */
public final class TestServer {

    /** The master key of the test server (SCREENING_KEYS); outside development the service needs one. */
    static final String KEYS = "test-1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    /** The consumer reporting agency the test server's notices name, fictitious (AGENCY_*); outside development the service needs one. */
    public static final String AGENCY_NAME = "Fictitious Test Reporting Agency";
    public static final String AGENCY_ADDRESS = "1 Test Plaza, Suite 99, Austin, TX 78701";
    public static final String AGENCY_PHONE = "1-800-555-0199";
    /** The typical turnaround of live income checks (LIVE_TURNAROUND_INCOME_VERIFICATION), set over what ScriptedIncomeProvider declares. */
    public static final Duration INCOME_TURNAROUND = Duration.ofSeconds(2);

    private static Instance shared;
    private static Instance own;

    private TestServer() {
    }

    public static synchronized EmbeddedServer get() {
        return current().server();
    }

    public static <T> T bean(Class<T> type) {
        return get().getApplicationContext().getBean(type);
    }

    public static String baseUrl() {
        return "http://localhost:" + get().getPort();
    }

    /** The clock of the running class's own server; only a class with a database of its own may move time. */
    public static MovableClock clock() {
        try {
            return bean(MovableClock.class);
        } catch (NoSuchBeanException e) {
            throw new IllegalStateException("Only a test class marked @OwnDatabase has a server whose clock it may move", e);
        }
    }

    /** The name of the running class's database. */
    static synchronized String database() {
        return current().database;
    }

    /** From now until {@link #endOwn()}, the running class has a database (and, when asked for, a server) of its own. */
    static synchronized void beginOwn() {
        if (own != null) {
            throw new IllegalStateException("a test class's own database is still in use");
        }
        own = new Instance(TestDatabase.create(), true);
    }

    /** Stops the running class's own server, if it started one, and drops its database. */
    static synchronized void endOwn() {
        Instance ending = own;
        own = null;
        if (ending != null) {
            ending.close();
        }
    }

    private static Instance current() {
        if (own != null) {
            return own;
        }
        if (shared == null) {
            shared = new Instance(TestDatabase.create(), false);
            JvmExit.undo(shared::close);
        }
        return shared;
    }

    /** A database and the server on it, started when first asked for. */
    private static final class Instance {
        private final String database;
        private final boolean movableClock;
        private EmbeddedServer server;

        Instance(String database, boolean movableClock) {
            this.database = database;
            this.movableClock = movableClock;
        }

        synchronized EmbeddedServer server() {
            if (server == null) {
                server = start();
            }
            return server;
        }

        /**
         * Starts on a free port (when another process takes that port before the server binds
         * it, on another) and waits until the start's background part (migrations, workers) has
         * finished, as a load balancer waits for readiness.
         */
        private EmbeddedServer start() {
            for (int attempt = 1; ; attempt++) {
                try {
                    EmbeddedServer started = ApplicationContext.run(EmbeddedServer.class, properties(freePort()));
                    StartProgress progress = started.getApplicationContext().getBean(StartProgress.class);
                    Waits.await("the server's start", Duration.ofSeconds(60)).until(progress::finished);
                    return started;
                } catch (RuntimeException e) {
                    if (attempt == 3 || !causedBy(e, BindException.class)) {
                        throw e;
                    }
                }
            }
        }

        private Map<String, Object> properties(int port) {
            Map<String, Object> properties = new HashMap<>();
            properties.put("datasources.default.url", CountingDriver.PREFIX + TestDatabase.urlOf(database).substring("jdbc:".length()));
            properties.put("datasources.default.driver-class-name", CountingDriver.class.getName());
            properties.put("datasources.default.username", TestDatabase.user());
            properties.put("datasources.default.password", TestDatabase.password());
            // The pool's ten connections while requests come, two after ten idle seconds: the test
            // JVMs and the processes they start share one PostgreSQL and its hundred connections.
            properties.put("datasources.default.minimum-idle", 2);
            properties.put("datasources.default.idle-timeout", 10_000);
            properties.put("micronaut.server.port", port);
            properties.put("screening.public-base-url", "http://localhost:" + port);
            properties.put("screening.environment", "test");
            properties.put("screening.keys", KEYS);
            properties.put("screening.agency.name", AGENCY_NAME);
            properties.put("screening.agency.address", AGENCY_ADDRESS);
            properties.put("screening.agency.phone", AGENCY_PHONE);
            if (movableClock) {
                properties.put("test.clock", "movable");
            }
            // Background work at test speed: sweeps twice a second, quick retries, a sandbox
            // that answers after a second, providers abandoned after a second, and live
            // income checks asked of the scripted provider (ScriptedIncomeProvider).
            properties.put("screening.work.sweep-interval", "500ms");
            properties.put("screening.work.first-retry", "200ms");
            properties.put("screening.work.longest-retry", "1s");
            properties.put("screening.providers.sandbox.delay", "1s");
            properties.put("screening.providers.timeout", "1s");
            properties.put("screening.providers.live.income-verification", "scripted");
            properties.put("screening.providers.turnaround.income-verification", INCOME_TURNAROUND.toSeconds() + "s");
            properties.put("test.scripted-provider", "true");
            // Invitations go to real servers in this JVM: email over SMTP to GreenMail
            // (Mailbox), text messages over HTTP to a Twilio stand-in (SmsGateway). Pages
            // take the client's address from X-Test-Client, so that each test is its own client.
            properties.put("screening.email.sender", "smtp");
            properties.put("screening.email.smtp.host", "127.0.0.1");
            properties.put("screening.email.smtp.port", Mailbox.start());
            properties.put("screening.email.smtp.starttls", "false");
            properties.put("screening.sms.sender", "twilio");
            properties.put("screening.sms.twilio.base-url", SmsGateway.start());
            properties.put("screening.sms.twilio.account-sid", SmsGateway.ACCOUNT_SID);
            properties.put("screening.sms.twilio.auth-token", SmsGateway.AUTH_TOKEN);
            properties.put("screening.sms.twilio.from", SmsGateway.FROM);
            properties.put("screening.apply.client-address-header", Pages.CLIENT_HEADER);
            // Applicants pay at the built-in checkout; Stripe is configured too (its calls go to
            // a stand-in on loopback, StripeApi), so that this instance takes Stripe's
            // notifications and refunds of the checkouts StripeCheckoutTest's instance made.
            properties.put("screening.payments.gateway", "builtin");
            properties.put("screening.payments.stripe-secret-key", StripeApi.SECRET_KEY);
            properties.put("screening.payments.stripe-webhook-secret", StripeApi.WEBHOOK_SECRET);
            properties.put("screening.payments.stripe-api-base", StripeApi.start());
            // Webhooks to receivers the tests start on loopback, retried quickly, cut off after 2 s.
            properties.put("screening.webhooks.allow-loopback", "true");
            properties.put("screening.metrics.enabled", "true");
            // Rate limits far above what any test sends: the tests of the limits give their
            // organisations small limits of their own, as the operator does (RateLimitTest).
            properties.put("screening.rate-limits.live", "1000000");
            properties.put("screening.rate-limits.test", "1000000");
            properties.put("micronaut.metrics.enabled", "true");
            properties.put("screening.webhooks.first-retry", "200ms");
            properties.put("screening.webhooks.longest-retry", "1s");
            properties.put("screening.webhooks.timeout", "2s");
            // Events are kept for ten years, out of reach of the tests that move the clock by
            // weeks; EventRetentionTest ages its own records past that.
            properties.put("screening.events.retention", "3650d");
            return properties;
        }

        /** Stops the server (if it started) and drops the database. */
        synchronized void close() {
            if (server != null) {
                ApplicationContext context = server.getApplicationContext();
                server.stop();
                if (context.isRunning()) {
                    context.close();
                }
                server = null;
            }
            TestDatabase.drop(database);
        }
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
