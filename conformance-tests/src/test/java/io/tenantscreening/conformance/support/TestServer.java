package io.tenantscreening.conformance.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

/**
 * The application under test: the real service, started once per test run on a free
 * port, over the real PostgreSQL test database (through {@link CountingDriver}).
 */
public final class TestServer {

    /** The master key of the test server (SCREENING_KEYS); outside development the service needs one. */
    static final String KEYS = "test-1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    /** The consumer reporting agency the test server's notices name, fictitious (AGENCY_*); outside development the service needs one. */
    public static final String AGENCY_NAME = "Fictitious Test Reporting Agency";
    public static final String AGENCY_ADDRESS = "1 Test Plaza, Suite 99, Austin, TX 78701";
    public static final String AGENCY_PHONE = "1-800-555-0199";

    private static EmbeddedServer server;

    private TestServer() {
    }

    public static synchronized EmbeddedServer get() {
        if (server == null) {
            int port = freePort();
            Map<String, Object> properties = new HashMap<>(TestDatabase.properties());
            properties.put("micronaut.server.port", port);
            properties.put("screening.public-base-url", "http://localhost:" + port);
            properties.put("screening.environment", "test");
            properties.put("screening.keys", KEYS);
            properties.put("screening.agency.name", AGENCY_NAME);
            properties.put("screening.agency.address", AGENCY_ADDRESS);
            properties.put("screening.agency.phone", AGENCY_PHONE);
            properties.put("test.clock", "movable");
            // Background work at test speed: sweeps twice a second, quick retries, a sandbox
            // that answers after a second, providers abandoned after a second, and live
            // income checks asked of the scripted provider (ScriptedIncomeProvider).
            properties.put("screening.work.sweep-interval", "500ms");
            properties.put("screening.work.first-retry", "200ms");
            properties.put("screening.work.longest-retry", "1s");
            properties.put("screening.providers.sandbox.delay", "1s");
            properties.put("screening.providers.timeout", "1s");
            properties.put("screening.providers.live.income-verification", "scripted");
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
            properties.put("datasources.default.url", CountingDriver.PREFIX + TestDatabase.url().substring("jdbc:".length()));
            properties.put("datasources.default.driver-class-name", CountingDriver.class.getName());
            server = ApplicationContext.run(EmbeddedServer.class, properties);
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        }
        return server;
    }

    public static <T> T bean(Class<T> type) {
        return get().getApplicationContext().getBean(type);
    }

    public static String baseUrl() {
        return "http://localhost:" + get().getPort();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
